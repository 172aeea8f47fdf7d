package build

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/jsonschema"
)

// object is a JSON object whose members keep their order when marshaled.
type object []member

// member is one key and value of an object.
type member struct {
	key   string
	value any
}

// set appends a member.
func (o *object) set(key string, value any) { *o = append(*o, member{key, value}) }

// MarshalJSON writes the members in order, without HTML escaping.
func (o object) MarshalJSON() ([]byte, error) {
	return appendJSON(nil, o)
}

// marshal encodes v as compact JSON without HTML escaping.
func marshal(v any) ([]byte, error) {
	return appendJSON(nil, v)
}

// marshalString is marshal for documents built here, which always encode.
func marshalString(v any) string {
	b, err := marshal(v)
	if err != nil {
		return "{}"
	}
	return string(b)
}

// appendJSON appends v as compact JSON without HTML escaping, exactly as
// encoding/json's Encoder with SetEscapeHTML(false) writes it. It walks
// the documents built here in one pass: through encoding/json every nested
// object's MarshalJSON result was re-validated and copied at each level,
// a third of the generator's lowering time on GitHub's spec. Raw messages
// are appended as they are: the schema renderer writes them compact.
func appendJSON(b []byte, v any) ([]byte, error) {
	var err error
	switch v := v.(type) {
	case object:
		b = append(b, '{')
		for i, m := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonschema.AppendString(b, m.key)
			b = append(b, ':')
			if b, err = appendJSON(b, m.value); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case []object:
		b = append(b, '[')
		for i, o := range v {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendJSON(b, o); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case string:
		return jsonschema.AppendString(b, v), nil
	case []string:
		if v == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, s := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonschema.AppendString(b, s)
		}
		return append(b, ']'), nil
	case bool:
		return strconv.AppendBool(b, v), nil
	case json.RawMessage:
		if v == nil {
			return append(b, "null"...), nil
		}
		return append(b, v...), nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...), nil
}

// param is a lowered parameter with its rendered schema.
type param struct {
	ir     ir.Param
	schema json.RawMessage
}

// body is a lowered request body.
type body struct {
	required    bool
	description string
	media       []media
}

// media is one media type and its schema (nil when the spec gives none).
type media struct {
	name     string
	schema   json.RawMessage
	encoding object // the encoding object of a form or multipart body, as inspect shows it
}

// response is one lowered response.
type response struct {
	code        string
	description string
	headers     []header
	content     []media
}

// header is one response header.
type header struct {
	name        string
	description string
	schema      json.RawMessage
}

// defaultMedia picks the media type invoke uses when none is chosen: the
// first JSON one (application/json or any +json), else the first.
func defaultMedia(ms []media) int {
	for i, m := range ms {
		if isJSON(m.name) {
			return i
		}
	}
	return 0
}

// isJSON reports whether a media type is JSON.
func isJSON(mt string) bool {
	mt = strings.ToLower(strings.TrimSpace(mt))
	if i := strings.IndexByte(mt, ';'); i >= 0 {
		mt = strings.TrimSpace(mt[:i])
	}
	return mt == "application/json" || strings.HasSuffix(mt, "+json")
}

// inputSchema renders invoke's argument schema for an endpoint.
func inputSchema(params []param, b *body, defs defLookup) string {
	var props object
	var required []string
	if len(params) > 0 {
		var pp object
		var preq []string
		for _, p := range params {
			pp.set(p.ir.Key, withDescription(p.schema, p.ir.Description))
			if p.ir.Required {
				preq = append(preq, p.ir.Key)
			}
		}
		po := object{{"type", "object"}, {"properties", pp}}
		if len(preq) > 0 {
			po.set("required", preq)
			required = append(required, "parameters")
		}
		po.set("additionalProperties", false)
		props.set("parameters", po)
	}
	if b != nil && len(b.media) > 0 {
		def := defaultMedia(b.media)
		props.set("requestBody", withDescription(bodyArgSchema(b.media, def, defs), b.description))
		if len(b.media) > 1 {
			names := make([]string, len(b.media))
			for i, m := range b.media {
				names[i] = m.name
			}
			props.set("mediaType", object{{"enum", names}, {"default", b.media[def].name}})
		}
		if b.required {
			required = append(required, "requestBody")
		}
	}
	if props == nil {
		props = object{}
	}
	top := object{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		top.set("required", required)
	}
	return marshalString(top)
}

// withDescription adds "description" to a schema object that has none.
func withDescription(schema json.RawMessage, desc string) json.RawMessage {
	if desc == "" {
		return schema
	}
	s := bytes.TrimSpace(schema)
	if len(s) < 2 || s[0] != '{' || hasTopKey(s, "description") {
		return schema
	}
	d, err := marshal(desc)
	if err != nil {
		return schema
	}
	var b bytes.Buffer
	b.WriteString(`{"description":`)
	b.Write(d)
	rest := bytes.TrimSpace(s[1:])
	if len(rest) > 0 && rest[0] != '}' {
		b.WriteByte(',')
	}
	b.Write(rest)
	return b.Bytes()
}

// hasTopKey reports whether the JSON object s has key at its top level.
// It scans the bytes instead of reading tokens with encoding/json, whose
// decoder allocates for every token (0.6 s of CPU over Graph beta's
// 22,361 operations). s is rendered JSON; on anything else the answer is
// false or a key is missed, never a panic.
func hasTopKey(s []byte, key string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			end := stringEnd(s, i)
			if end < 0 {
				return false
			}
			if depth == 1 && followedByColon(s, end+1) && keyIs(s[i:end+1], key) {
				return true
			}
			i = end
		}
	}
	return false
}

// keyIs reports whether the JSON string quoted is key.
func keyIs(quoted []byte, key string) bool {
	if !bytes.ContainsRune(quoted, '\\') {
		return string(quoted[1:len(quoted)-1]) == key
	}
	var k string
	return json.Unmarshal(quoted, &k) == nil && k == key
}

// stringEnd is the index of the quote closing the JSON string that opens
// at s[start]; -1 when it is not closed.
func stringEnd(s []byte, start int) int {
	for i := start + 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// followedByColon reports whether the first byte from s[i] on that is not
// JSON white space is ':'.
func followedByColon(s []byte, i int) bool {
	for ; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
		case ':':
			return true
		default:
			return false
		}
	}
	return false
}

// opDoc is the operation object inspect shows, before marshaling.
type opDoc struct {
	id, summary, description string
	tags                     []string
	deprecated               bool
	params                   []param
	body                     *body
	responses                []response
}

// operation renders the inspect document of an endpoint.
func operation(d opDoc) string {
	var o object
	if d.id != "" {
		o.set("id", d.id)
	}
	if len(d.tags) > 0 {
		o.set("tags", d.tags)
	}
	if d.summary != "" {
		o.set("summary", d.summary)
	}
	if d.description != "" {
		o.set("description", d.description)
	}
	o.set("deprecated", d.deprecated)
	if len(d.params) > 0 {
		ps := make([]object, len(d.params))
		for i, p := range d.params {
			po := object{{"name", p.ir.Name}, {"in", p.ir.In}}
			if p.ir.Description != "" {
				po.set("description", p.ir.Description)
			}
			po.set("required", p.ir.Required)
			if p.ir.Style != "" {
				po.set("style", p.ir.Style)
			}
			if p.ir.Explode != nil {
				po.set("explode", *p.ir.Explode)
			}
			if p.ir.CollectionFormat != "" {
				po.set("collectionFormat", p.ir.CollectionFormat)
			}
			po.set("schema", p.schema)
			ps[i] = po
		}
		o.set("parameters", ps)
	}
	if d.body != nil {
		var bo object
		if d.body.description != "" {
			bo.set("description", d.body.description)
		}
		bo.set("required", d.body.required)
		bo.set("content", content(d.body.media))
		o.set("requestBody", bo)
	}
	if len(d.responses) > 0 {
		var rs object
		for _, r := range d.responses {
			ro := object{{"description", r.description}}
			if len(r.headers) > 0 {
				var hs object
				for _, h := range r.headers {
					ho := object{{"schema", h.schema}}
					if h.description != "" {
						ho.set("description", h.description)
					}
					hs.set(h.name, ho)
				}
				ro.set("headers", hs)
			}
			if len(r.content) > 0 {
				ro.set("content", content(r.content))
			}
			rs.set(r.code, ro)
		}
		o.set("responses", rs)
	}
	return marshalString(o)
}

// content renders a media type map.
func content(ms []media) object {
	c := object{}
	for _, m := range ms {
		mo := object{}
		if m.schema != nil {
			mo.set("schema", m.schema)
		}
		if len(m.encoding) > 0 {
			mo.set("encoding", m.encoding)
		}
		c.set(m.name, mo)
	}
	return c
}
