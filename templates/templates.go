// Package templates holds the non-Go files of a generated server module as
// text/template sources, together with the escaping functions they call so
// that spec text can never break the document it lands in.
package templates

import (
	"bytes"
	"embed"
	"fmt"
	"text/template"

	"github.com/swag2mcp/swag2mcp/runtime/config"
)

// Names of the templates Render knows.
const (
	GoMod      = "go.mod.tmpl"
	README     = "README.md.tmpl"
	Dockerfile = "Dockerfile.tmpl"
	Kubernetes = "kubernetes.yaml.tmpl"
)

//go:embed *.tmpl
var sources embed.FS

// Render executes the named template with data. A missing map key or field
// is an error, never "<no value>" in the output.
func Render(name string, data any) ([]byte, error) {
	src, err := sources.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("template %s: %w", name, err)
	}
	t, err := template.New(name).Funcs(funcs()).Option("missingkey=error").Parse(string(src))
	if err != nil {
		return nil, fmt.Errorf("template %s: %w", name, err)
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		return nil, fmt.Errorf("template %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

// funcs are the functions templates may call; each one makes a string safe
// for one context (dns: a Kubernetes name, yaml: a quoted YAML scalar),
// except configTable, the generated server's settings as a Markdown table,
// rendered from the runtime's own key definitions.
func funcs() template.FuncMap {
	return template.FuncMap{
		"md":          Inline,
		"code":        CodeSpan,
		"paragraphs":  Paragraphs,
		"fence":       Fence,
		"shell":       ShellQuote,
		"configTable": config.Markdown,
		"dns":         DNSName,
		"yaml":        YAMLString,
	}
}
