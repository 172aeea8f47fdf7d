// Package catalog is the compiled-in description of a generated server's API:
// flat tables of specs, collections, tags and endpoints, with the documents
// that search, inspect and invoke serve. The generator builds it in Go and
// writes it as a data file (Encode); a generated server reads that file in
// place (Decode), its endpoints on first use.
package catalog

// Catalog is every table of one server. Indexes refer into these slices
// and into the endpoints, which callers reach through Len and Endpoint.
type Catalog struct {
	Specs       []Spec
	Collections []Collection
	Tags        []Tag
	// Endpoints are the endpoints of a catalog built in Go. A decoded
	// catalog leaves it nil and reads its endpoints from the data file on
	// first use (see Endpoint).
	Endpoints []Endpoint

	records *records // a decoded catalog's endpoints; nil when built in Go
}

// Spec is one API description.
type Spec struct {
	ID        string
	Domain    string // e.g. "petstore"
	EnvPrefix string // e.g. "PETSTORE"; {EnvPrefix}_BASE_URL overrides BaseURL
	Title     string
	Version   string
	BaseURL   string
	Security  []SecurityScheme
	Defs      []Def // component schemas; endpoints reference them by index
}

// Def is one component schema (JSON Schema 2020-12), referenced as #/$defs/{Name}.
type Def struct {
	Name   string
	Schema Doc
}

// Collection is a group of tags.
type Collection struct {
	ID    string
	Title string
	Spec  int
}

// Tag is a group of endpoints.
type Tag struct {
	ID          string
	Name        string
	Description string
	Collection  int
}

// Endpoint is one operation.
type Endpoint struct {
	ID          string
	Tag         int // its tag; the tag gives collection and spec
	Method      string
	Path        string
	OperationID string
	FlatName    string // name in scripts: tools.{FlatName}(args); a JavaScript identifier
	Summary     string // the spec's summary, or its stand-in (search.Title): what a result shows
	Description Doc    // compressed like the documents: search reads it only for its best hit
	Deprecated  bool
	Tags        []string // every tag of the operation, the first being Tag's; nil: Tag's only
	BaseURL     string   // overrides the spec's BaseURL when set
	Params      []Param
	Body        *Body
	Security    []Requirement // alternatives in order; empty means none
	InputSchema Doc           // JSON Schema of invoke's arguments, without $defs
	Operation   Doc           // inspect's operation object, without $defs
	Defs        []int         // indexes into Spec.Defs reached by InputSchema and Operation, nearest first
}

// Param is one path, query, header or cookie parameter.
type Param struct {
	Name             string
	Key              string  // argument name in invoke's parameters; Name when empty
	In               string  // path, query, header, cookie
	Style            string  // "" for In's default
	Explode          Explode // ExplodeDefault for Style's default
	AllowReserved    bool
	CollectionFormat string // Swagger 2.0: csv, ssv, tsv, pipes, multi
	Required         bool
}

// ArgName is the name the parameter has in invoke's "parameters" object.
func (p Param) ArgName() string {
	if p.Key != "" {
		return p.Key
	}
	return p.Name
}

// Body is a request body.
type Body struct {
	Required   bool
	MediaTypes []string
}

// Requirement is one security alternative: all its schemes apply together.
type Requirement struct {
	Schemes []SchemeUse
}

// SchemeUse names a scheme of the spec (index into Spec.Security) with scopes.
type SchemeUse struct {
	Scheme int
	Scopes []string
}

// SecurityScheme is one way the API authenticates.
type SecurityScheme struct {
	Name         string
	Type         string // apiKey, http, oauth2, openIdConnect
	In           string // apiKey: header, query, cookie
	ParamName    string
	Scheme       string // http: basic, bearer
	BearerFormat string
	TokenURL     string
	Scopes       []string
	Flows        []string
	OpenIDURL    string
	EnvVars      []string
}

// SpecOf returns the spec an endpoint belongs to.
func (c *Catalog) SpecOf(e *Endpoint) *Spec {
	return &c.Specs[c.Collections[c.Tags[e.Tag].Collection].Spec]
}

// Explode is a parameter's explode setting; the zero value means the
// default of its style (a tri-state instead of *bool keeps generated tables
// constant data).
type Explode int

// Explode settings.
const (
	ExplodeDefault Explode = iota
	ExplodeTrue
	ExplodeFalse
)
