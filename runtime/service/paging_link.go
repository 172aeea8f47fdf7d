package service

import (
	"encoding/json"
	"net/url"
	"strings"
)

// fromLink reads the rel="next" target of a Link header (RFC 8288) and
// keeps the query members that are parameters of the endpoint; the
// target's path may name the resource differently (GitHub links
// /repositories/ID/… for /repos/OWNER/REPO/…).
func (p *pager) fromLink(header string) *Next {
	target := linkNext(header)
	if target == "" {
		return nil
	}
	u, err := url.Parse(target)
	if err != nil {
		return nil
	}
	set := map[string]json.RawMessage{}
	changed := false
	for name, vals := range u.Query() {
		q, ok := p.queryParam(name)
		if !ok || len(vals) == 0 {
			continue
		}
		v := p.value(q, vals[0])
		if old, had := p.params[q.ArgName()]; !had || compactJSON(old) != compactJSON(v) {
			changed = true
		}
		set[q.ArgName()] = v
	}
	if !changed {
		return nil
	}
	return p.next(`the Link header's rel="next"`, set)
}

// linkNext is the target of the rel="next" link of a Link header value.
// Hand-written: the standard library parses no Link headers, and the
// grammar needed here is small (<target>; params, …).
func linkNext(header string) string {
	for _, part := range splitLinks(header) {
		start, end := strings.IndexByte(part, '<'), strings.IndexByte(part, '>')
		if start < 0 || end < start {
			continue
		}
		for _, attr := range strings.Split(part[end+1:], ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(attr), "=")
			if !ok || !strings.EqualFold(strings.TrimSpace(k), "rel") {
				continue
			}
			for _, rel := range strings.Fields(strings.Trim(strings.TrimSpace(v), `"`)) {
				if strings.EqualFold(rel, "next") {
					return part[start+1 : end]
				}
			}
		}
	}
	return ""
}

// splitLinks splits a Link header at the commas between links, not at
// commas inside <…> or quotes.
func splitLinks(h string) []string {
	var out []string
	inURL, inQuote, start := false, false, 0
	for i := 0; i < len(h); i++ {
		switch c := h[i]; {
		case c == '<' && !inQuote:
			inURL = true
		case c == '>' && !inQuote:
			inURL = false
		case c == '"' && !inURL:
			inQuote = !inQuote
		case c == ',' && !inURL && !inQuote:
			out = append(out, h[start:i])
			start = i + 1
		}
	}
	return append(out, h[start:])
}
