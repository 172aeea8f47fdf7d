package invoke

import (
	"strings"
	"testing"
)

// TestFlatMetaschema checks that the flattened metaschema accepts exactly
// the schemas the official 2020-12 one does: every keyword of every
// vocabulary (and one of none), with values of each JSON type and of the
// formats checked (URIs, regular expressions, anchors), at the top and
// inside each kind of subschema.
func TestFlatMetaschema(t *testing.T) {
	official, err := compileMetaschema(nil, draft2020)
	if err != nil {
		t.Fatal(err)
	}
	flat, err := metaschema()
	if err != nil {
		t.Fatal(err)
	}
	keywords := []string{
		"$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
		"prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties",
		"dependentSchemas", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
		"unevaluatedItems", "unevaluatedProperties",
		"type", "const", "enum", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
		"maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
		"maxProperties", "minProperties", "required", "dependentRequired",
		"title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples", "format",
		"contentEncoding", "contentMediaType", "contentSchema",
		"definitions", "dependencies", "$recursiveAnchor", "$recursiveRef", "x-unknown",
	}
	values := []string{
		`"x"`, `"string"`, `"text"`, `"A1"`, `"1a"`, `"^a+$"`, `"(["`, `"(?!a)b"`, `"http://e.com/a"`,
		`"#/$defs/A"`, `"a#b#c"`, `"a b"`, `"%zz"`, `"http://e.com/a#frag"`,
		`0`, `-1`, `1.5`, `2`, `true`, `false`, `null`,
		`[]`, `["a"]`, `["a","a"]`, `["string"]`, `["string","null"]`, `["string","string"]`, `["text"]`,
		`[{}]`, `[true]`, `[1]`, `[{"type":1}]`,
		`{}`, `{"a":{}}`, `{"a":1}`, `{"a":true}`, `{"a":["b"]}`, `{"a":["b","b"]}`, `{"a":[1]}`, `{"(":{}}`,
		`{"http://e.com/v":true}`, `{"x":true}`, `{"http://e.com/v":1}`, `{"a":{"type":"text"}}`,
	}
	wrappers := []string{
		`%s`, `{"properties":{"p":%s}}`, `{"items":%s}`, `{"allOf":[%s]}`, `{"$defs":{"d":%s}}`,
		`{"dependencies":{"d":%s}}`, `{"definitions":{"d":%s}}`, `{"not":{"anyOf":[true,%s]}}`,
	}
	checked := 0
	for _, w := range wrappers {
		for _, k := range keywords {
			for _, v := range values {
				doc := strings.Replace(w, "%s", `{"`+k+`":`+v+`}`, 1)
				inst, err := decodeJSON([]byte(doc))
				if err != nil {
					t.Fatalf("%s: %v", doc, err)
				}
				want, got := official.Validate(inst) == nil, flat.Validate(inst) == nil
				if got != want {
					t.Errorf("%s: flattened metaschema accepts: %v, official: %v", doc, got, want)
				}
				checked++
			}
		}
	}
	for _, doc := range []string{`true`, `false`, `1`, `"x"`, `[]`, `null`} {
		inst, _ := decodeJSON([]byte(doc))
		if got, want := flat.Validate(inst) == nil, official.Validate(inst) == nil; got != want {
			t.Errorf("%s: flattened metaschema accepts: %v, official: %v", doc, got, want)
		}
	}
	if checked < 20000 {
		t.Errorf("only %d documents checked", checked)
	}
}
