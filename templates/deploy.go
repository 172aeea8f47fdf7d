package templates

import (
	"encoding/json"
	"strings"
)

// maxDNSName leaves room for the suffixes the manifest adds ("-workspace",
// "-redis") within Kubernetes' 63-byte names.
const maxDNSName = 40

// DNSName makes s a Kubernetes object name and a safe file name: lowercase
// letters, digits and '-', starting and ending with a letter or digit, at
// most maxDNSName bytes; "mcp-server" when nothing is left.
func DNSName(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= maxDNSName {
			break
		}
	}
	out := strings.Trim(b.String(), "-")
	if out == "" {
		return "mcp-server"
	}
	return out
}

// YAMLString quotes s as a YAML scalar: a JSON string is one in YAML's
// flow style, with every special character escaped.
func YAMLString(s string) string {
	b, _ := json.Marshal(s) // a string always marshals
	return string(b)
}
