package catalog

// Formats 1 and 2 (runtime.SupportPackageIsVersion2 and 3) put the blocks
// after the endpoints and store component schemas as plain strings; format
// 1 ends before the index's word tables. Such a catalog is decoded whole,
// as these formats were read, into a catalog like one built in Go, and
// checked as one.
func (r *reader) legacy(format int) (*Catalog, *Index) {
	cat := &Catalog{}
	r.specs(cat, func(d *Def) { d.Name, d.Schema = r.str(), Text(r.str()) })
	r.groups(cat)
	store := newBlockStore()
	cat.Endpoints = make([]Endpoint, r.count())
	for i := range cat.Endpoints {
		r.record(&cat.Endpoints[i], store, format)
	}
	r.blocks(store)
	for i := range cat.Endpoints {
		r.checkRef(cat.Endpoints[i].InputSchema.ref, store)
		r.checkRef(cat.Endpoints[i].Operation.ref, store)
	}
	if r.err == nil {
		r.err = cat.Check()
	}
	return cat, r.index(format)
}
