package service

import (
	"encoding/json"
	"slices"
	"strings"
)

// mediaSchema is one media type of a content map.
type mediaSchema struct {
	name   string
	schema json.RawMessage
}

// contentOf lists a content map's media types with their schemas.
func contentOf(raw json.RawMessage) []mediaSchema {
	var out []mediaSchema
	for _, m := range orderedMembers(raw) {
		var mt struct {
			Schema json.RawMessage `json:"schema"`
		}
		_ = json.Unmarshal(m.value, &mt)
		out = append(out, mediaSchema{m.key, mt.Schema})
	}
	return out
}

// preferred picks the media type invoke uses by default: the first JSON
// one, else the first.
func preferred(ms []mediaSchema) int {
	for i, m := range ms {
		if isJSONMedia(m.name) {
			return i
		}
	}
	return 0
}

func isJSONMedia(mt string) bool {
	mt, _, _ = strings.Cut(strings.ToLower(mt), ";")
	mt = strings.TrimSpace(mt)
	return mt == "application/json" || strings.HasSuffix(mt, "+json")
}

// body renders the request body.
func (c *conciser) body(defs defFunc, required bool, desc string, content json.RawMessage, lv conciseLevel) *ConciseBody {
	ms := contentOf(content)
	b := &ConciseBody{Required: required}
	if desc != "" {
		b.Description = c.sentence(desc)
	}
	if len(ms) == 0 {
		return b
	}
	k := preferred(ms)
	b.MediaType = ms[k].name
	for i, m := range ms {
		if i != k {
			b.OtherMediaTypes = append(b.OtherMediaTypes, m.name)
		}
	}
	if len(ms) > 1 {
		c.what[whatMedia] = true
	}
	sh := newShaper(defs, lv.bodyDepth, true)
	top, name := resolveTop(defs, ms[k].schema)
	b.Schema = name
	if name != "" {
		c.addNamed(name)
	}
	members, req, ok := membersOf(defs, top)
	if !ok {
		b.Type = sh.typ(top, 0)
		c.absorb(sh)
		return b
	}
	for _, m := range members {
		f, cut := sh.fieldOf(m.key, req[m.key], m.value, "", 1)
		if !lv.bodyDocs {
			if f.Description != "" {
				c.what[whatBodyDocs] = true
			}
			f.Description = ""
		} else {
			c.note(cut, whatDescriptions)
		}
		b.Fields = append(b.Fields, f)
	}
	c.absorb(sh)
	return b
}

// responses renders every response by its description and the success
// response with its top-level fields.
func (c *conciser) responses(defs defFunc, raw json.RawMessage, lv conciseLevel) map[string]ConciseResponse {
	all := orderedMembers(raw)
	if len(all) == 0 {
		return nil
	}
	success := -1
	for i, r := range all {
		if strings.HasPrefix(r.key, "2") {
			success = i
			break
		}
	}
	if success < 0 {
		for i, r := range all {
			if r.key == "default" {
				success = i
			}
		}
	}
	out := make(map[string]ConciseResponse, len(all))
	for i, r := range all {
		var doc struct {
			Description string          `json:"description"`
			Headers     json.RawMessage `json:"headers"`
			Content     json.RawMessage `json:"content"`
		}
		_ = json.Unmarshal(r.value, &doc)
		cr := ConciseResponse{}
		if doc.Description != "" {
			cr.Description = c.sentence(doc.Description)
		}
		ms := contentOf(doc.Content)
		if i != success {
			if len(ms) > 0 {
				c.what[whatOtherResps] = true
			}
			out[r.key] = cr
			continue
		}
		for _, h := range orderedMembers(doc.Headers) {
			cr.Headers = append(cr.Headers, h.key)
		}
		if len(ms) > 0 {
			k := preferred(ms)
			cr.MediaType = ms[k].name
			if len(ms) > 1 {
				c.what[whatMedia] = true
			}
			c.responseType(defs, &cr, ms[k].schema, lv)
		}
		out[r.key] = cr
	}
	return out
}

// responseType fills the success response's schema name and top-level
// fields.
func (c *conciser) responseType(defs defFunc, cr *ConciseResponse, schema json.RawMessage, lv conciseLevel) {
	if len(schema) == 0 {
		return
	}
	top, name := resolveTop(defs, schema)
	suffix := ""
	if n := parseNode(top); n != nil && slices.Equal(n.types(), []string{"array"}) && n["items"] != nil {
		if items, itemName := resolveTop(defs, n["items"]); itemName != "" {
			top, name, suffix = items, itemName, "[]"
		}
	}
	if name != "" {
		cr.Schema = name
		c.addNamed(name)
	}
	if !lv.respFields && name != "" {
		c.what[whatRespFields] = true
		return
	}
	sh := newShaper(defs, 1, false)
	cr.Type = sh.typ(top, 0)
	if suffix != "" {
		cr.Type = paren(cr.Type) + suffix
	}
	for _, n := range sh.named {
		c.addNamed(n)
	}
	if sh.cut {
		c.what[whatRespNested] = true
	}
	if sh.enumCut {
		c.what[whatEnums] = true
	}
}

// resolveTop follows the $refs at the top of a schema and returns the
// schema reached and the name of the first component on the way.
func resolveTop(defs defFunc, raw json.RawMessage) (json.RawMessage, string) {
	first := ""
	for hop := 0; hop < maxShapeRefHop; hop++ {
		n := parseNode(raw)
		ref := n.refName()
		if ref == "" {
			break
		}
		def, ok := defs(ref)
		if !ok {
			break
		}
		if first == "" {
			first = ref
		}
		raw = def
	}
	return raw, first
}

// membersOf lists an object schema's members (an allOf's parts merged,
// components followed) with the required ones; ok is false for a schema
// that is not an object with members.
func membersOf(defs defFunc, raw json.RawMessage) ([]rawMember, map[string]bool, bool) {
	n := parseNode(raw)
	if n == nil {
		return nil, nil, false
	}
	req := map[string]bool{}
	var members []rawMember
	var names []string
	_ = json.Unmarshal(n["required"], &names)
	for _, r := range names {
		req[r] = true
	}
	members = append(members, orderedMembers(n["properties"])...)
	var parts []json.RawMessage
	if json.Unmarshal(n["allOf"], &parts) == nil {
		for _, p := range parts {
			top, _ := resolveTop(defs, p)
			pm, preq, ok := membersOf(defs, top)
			if !ok {
				return nil, nil, false
			}
			members = append(members, pm...)
			for k := range preq {
				req[k] = true
			}
		}
	}
	if len(members) == 0 {
		return nil, nil, false
	}
	return members, req, true
}
