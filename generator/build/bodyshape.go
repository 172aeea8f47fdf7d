package build

import (
	"bytes"
	"encoding/json"
	"strings"

	v3high "github.com/pb33f/libopenapi/datamodel/high/v3"
	"github.com/pb33f/libopenapi/orderedmap"
)

// Argument shapes of invoke's requestBody that differ from the spec's
// schema: a file travels in JSON as base64 text.
const (
	base64Shape = `{"type":"string","contentEncoding":"base64","description":"The content, base64-encoded"}`
	fileShape   = `{"type":"object","properties":{` +
		`"content":{"type":"string","contentEncoding":"base64","description":"File content, base64-encoded"},` +
		`"filename":{"type":"string","description":"File name sent with the part; default the field name"},` +
		`"contentType":{"type":"string","description":"Media type of the file, e.g. image/png; default application/octet-stream"}},` +
		`"required":["content"],"additionalProperties":false}`
)

// bodyKind is how invoke encodes a media type (mirrors runtime/invoke).
type bodyKind int

const (
	jsonKindBody bodyKind = iota
	formKindBody
	multipartKindBody
	textKindBody
	binaryKindBody
)

func kindOfMedia(mt string) bodyKind {
	base := strings.ToLower(strings.TrimSpace(mt))
	if i := strings.IndexByte(base, ';'); i >= 0 {
		base = strings.TrimSpace(base[:i])
	}
	typ, sub, _ := strings.Cut(base, "/")
	switch {
	case base == "*/*" || isJSON(base) || sub == "json":
		return jsonKindBody
	case base == "application/x-www-form-urlencoded":
		return formKindBody
	case typ == "multipart":
		return multipartKindBody
	case typ == "text" || sub == "xml" || strings.HasSuffix(sub, "+xml"):
		return textKindBody
	}
	return binaryKindBody
}

// bodyArgSchema is the schema of invoke's requestBody argument: the default
// media type's schema in the shape a model sends it, widened to anyOf when
// another JSON, form or multipart media type takes a different shape. Text
// and binary alternatives are left out (runtime/invoke checks their shape
// when chosen), so an endpoint offering JSON and XML keeps one schema.
//
// defs looks up a component schema by its $defs name, so a multipart body
// given as a $ref still gets file objects for its binary fields.
func bodyArgSchema(ms []media, def int, defs defLookup) json.RawMessage {
	shapes := []json.RawMessage{argShape(ms[def], defs)}
	for i, m := range ms {
		if i == def {
			continue
		}
		if k := kindOfMedia(m.name); k == textKindBody || k == binaryKindBody {
			continue
		}
		s := argShape(m, defs)
		dup := false
		for _, have := range shapes {
			dup = dup || bytes.Equal(have, s)
		}
		if !dup {
			shapes = append(shapes, s)
		}
	}
	if len(shapes) == 1 {
		return shapes[0]
	}
	return raw(marshalString(object{{"anyOf", shapes}}))
}

// argShape is one media type's schema as the argument looks: binary bodies
// are base64 strings, text bodies strings, multipart file fields file
// objects; JSON and form bodies are as the spec says.
func argShape(m media, defs defLookup) json.RawMessage {
	s := m.schema
	if s == nil {
		s = json.RawMessage("{}")
	}
	switch kindOfMedia(m.name) {
	case binaryKindBody:
		return withDescription(raw(base64Shape), descriptionOf(s))
	case textKindBody:
		if !hasTopKey(s, "type") {
			return withDescription(raw(`{"type":"string"}`), descriptionOf(s))
		}
	case multipartKindBody:
		if inlined, ok := inlineFileDef(s, defs); ok {
			return inlined
		}
		return fileFields(s)
	}
	return s
}

// defLookup returns the schema of the $def named name.
type defLookup func(name string) (json.RawMessage, bool)

// inlineFileDef handles a multipart schema that is only a reference to a
// component ({"$ref": "#/$defs/Upload"}, perhaps with a description): when
// that component has binary fields, its top level is copied in with the
// fields as file objects (its nested references stay references). It
// reports false when s is not such a reference or nothing would change.
func inlineFileDef(s json.RawMessage, defs defLookup) (json.RawMessage, bool) {
	top, ok := members(s)
	if !ok || defs == nil {
		return nil, false
	}
	var ref string
	for _, m := range top {
		switch m.key {
		case "$ref":
			r, _ := m.value.(json.RawMessage)
			if json.Unmarshal(r, &ref) != nil {
				return nil, false
			}
		case "description":
		default:
			return nil, false // a schema of its own beside the reference
		}
	}
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok {
		return nil, false
	}
	target, ok := defs(name)
	if !ok {
		return nil, false
	}
	shaped := fileFields(target)
	if bytes.Equal(shaped, target) {
		return nil, false
	}
	if d := descriptionOf(s); d != "" {
		shaped = withDescription(shaped, d)
	}
	return shaped, true
}

// fileFields rewrites the binary properties of an inline object schema into
// file objects (arrays of them for arrays of binaries), keeping key order.
func fileFields(s json.RawMessage) json.RawMessage {
	top, ok := members(s)
	if !ok {
		return s
	}
	changed := false
	for i, m := range top {
		if m.key != "properties" {
			continue
		}
		props, ok := members(m.value.(json.RawMessage))
		if !ok {
			return s
		}
		for j, p := range props {
			ps := p.value.(json.RawMessage)
			switch {
			case isBinary(ps):
				props[j].value = withDescription(raw(fileShape), descriptionOf(ps))
				changed = true
			case isBinaryArray(ps):
				props[j].value = withDescription(raw(`{"type":"array","items":`+fileShape+`}`), descriptionOf(ps))
				changed = true
			}
		}
		top[i].value = props
	}
	if !changed {
		return s
	}
	return raw(marshalString(top))
}

// members decodes a JSON object into its members in order, values raw.
func members(s json.RawMessage) (object, bool) {
	dec := json.NewDecoder(bytes.NewReader(s))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	var o object
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, false
		}
		k, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, false
		}
		o.set(k, v)
	}
	return o, true
}

// isBinary reports a string schema of binary content: format binary or a
// contentEncoding.
func isBinary(s json.RawMessage) bool {
	var v struct {
		Type            any    `json:"type"`
		Format          string `json:"format"`
		ContentEncoding string `json:"contentEncoding"`
	}
	if json.Unmarshal(s, &v) != nil {
		return false
	}
	return v.Format == "binary" || v.ContentEncoding != ""
}

// isBinaryArray reports an array schema whose items are binary.
func isBinaryArray(s json.RawMessage) bool {
	var v struct {
		Type  any             `json:"type"`
		Items json.RawMessage `json:"items"`
	}
	return json.Unmarshal(s, &v) == nil && v.Type == "array" && len(v.Items) > 0 && isBinary(v.Items)
}

// descriptionOf reads a schema's top-level description.
func descriptionOf(s json.RawMessage) string {
	var v struct {
		Description string `json:"description"`
	}
	json.Unmarshal(s, &v)
	return v.Description
}

// encodingV3 renders a media type's encoding object for inspect, where
// runtime/invoke reads it back: contentType, style, explode and
// allowReserved per property, in spec order. Headers are left out.
func encodingV3(enc *orderedmap.Map[string, *v3high.Encoding]) object {
	if enc == nil {
		return nil
	}
	var o object
	for name, e := range enc.FromOldest() {
		if e == nil {
			continue
		}
		eo := object{}
		if e.ContentType != "" {
			eo.set("contentType", e.ContentType)
		}
		if e.Style != "" {
			eo.set("style", e.Style)
		}
		if e.Explode != nil {
			eo.set("explode", *e.Explode)
		}
		if e.AllowReserved {
			eo.set("allowReserved", true)
		}
		o.set(name, eo)
	}
	return o
}
