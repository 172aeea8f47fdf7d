package catalog

import (
	"fmt"
	"strings"
	"testing"
)

// synthetic is a catalog of n endpoints shaped like a big API's: long
// paths, hex ids, a few parameters, documents and component schemas.
func synthetic(n int) *Catalog {
	cat := &Catalog{
		Specs:       []Spec{{ID: "s", Domain: "big", Title: "Big"}},
		Collections: []Collection{{ID: "c", Title: "Big"}},
		Tags:        []Tag{{ID: "t", Name: "things"}},
	}
	for i := range n / 10 {
		cat.Specs[0].Defs = append(cat.Specs[0].Defs, Def{Name: fmt.Sprintf("Thing%d", i),
			Schema: Text(fmt.Sprintf(`{"type":"object","properties":{"id":{"type":"string"},"n%d":{"type":"integer"}}}`, i))})
	}
	for i := range n {
		op := fmt.Sprintf("users.things.ListThing%d", i)
		cat.Endpoints = append(cat.Endpoints, Endpoint{
			ID: fmt.Sprintf("%032x", i*7919), Method: "GET", Path: fmt.Sprintf("/users/{user-id}/things/{thing-id}/parts%d", i),
			OperationID: op, FlatName: strings.ReplaceAll(op, ".", "_"), Summary: fmt.Sprintf("List the parts of thing %d", i),
			Description: Text("Returns every part of the thing, with its supplier and price."),
			Params:      []Param{{Name: "user-id", In: "path", Required: true}, {Name: "thing-id", In: "path", Required: true}, {Name: "$top", In: "query"}},
			InputSchema: Text(`{"type":"object","properties":{"parameters":{"type":"object"}}}`),
			Operation:   Text(fmt.Sprintf(`{"operationId":%q,"responses":{"200":{"$ref":"#/$defs/Thing%d"}}}`, op, i/10)),
			Defs:        []int{i / 10},
		})
	}
	return cat
}

// BenchmarkDecode measures opening a data file, which a server does at
// start-up: format 4 checks its tables and reads no record, format 3
// read every record to check it.
func BenchmarkDecode(b *testing.B) {
	for _, n := range []int{1000, 20000} {
		for _, format := range []int{3, 4, DataFormat} {
			data, err := encodeFormat(synthetic(n), nil, format)
			if err != nil {
				b.Fatal(err)
			}
			text := string(data)
			b.Run(fmt.Sprintf("%d-endpoints/format-%d", n, format), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, _, err := Decode(text); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkFind measures looking an endpoint up by id in a decoded
// catalog's id table.
func BenchmarkFind(b *testing.B) {
	data, err := Encode(synthetic(20000), nil)
	if err != nil {
		b.Fatal(err)
	}
	cat, _, err := Decode(string(data))
	if err != nil {
		b.Fatal(err)
	}
	id := cat.Endpoint(12345).ID
	b.ReportAllocs()
	for b.Loop() {
		if i, ok := cat.Find(id); !ok || i != 12345 {
			b.Fatalf("Find = %d, %v", i, ok)
		}
	}
}

// BenchmarkFirstLoad measures what an endpoint's first use costs (search's
// answer loads each hit): ten endpoints spread over a freshly decoded
// catalog of 20,000, format 4 reading each record in place, format 5
// inflating each record's block of tails as well. Decode is part of every
// iteration; BenchmarkDecode gives its share.
func BenchmarkFirstLoad(b *testing.B) {
	const n = 20000
	for _, format := range []int{4, DataFormat} {
		data, err := encodeFormat(synthetic(n), nil, format)
		if err != nil {
			b.Fatal(err)
		}
		text := string(data)
		b.Run(fmt.Sprintf("format-%d", format), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				cat, _, err := Decode(text)
				if err != nil {
					b.Fatal(err)
				}
				for i := range 10 {
					if _, err := cat.Load(i * (n / 10)); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
