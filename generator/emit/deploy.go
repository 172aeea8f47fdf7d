package emit

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/templates"
)

// deployData feeds templates.Dockerfile and templates.Kubernetes.
type deployData struct {
	Name        string   // the server's name; templates make it a DNS name
	Go          string   // the Go release of the build image, e.g. 1.26
	Vars        []string // credential variables, taken from the Secret
	BaseURLVars []string // {PREFIX}_BASE_URL of each spec
}

// deployFiles renders the Dockerfile and deploy/kubernetes.yaml of a
// standalone module; goVersion is its go.mod's go line.
func deployFiles(api *ir.API, goVersion string) ([]File, error) {
	d := deployData{Name: api.Name, Go: goRelease(goVersion)}
	for _, s := range api.Specs {
		d.BaseURLVars = append(d.BaseURLVars, s.EnvPrefix+"_BASE_URL")
		for _, sec := range s.Security {
			d.Vars = append(d.Vars, sec.EnvVars...)
		}
	}
	docker, err := templates.Render(templates.Dockerfile, d)
	if err != nil {
		return nil, err
	}
	kube, err := templates.Render(templates.Kubernetes, d)
	if err != nil {
		return nil, err
	}
	// The template sees escaped values only; decoding every document
	// proves the manifest is YAML.
	dec := yaml.NewDecoder(strings.NewReader(string(kube)))
	for {
		var doc map[string]any
		if err := dec.Decode(&doc); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, fmt.Errorf("generated deploy/kubernetes.yaml does not parse: %w", err)
		}
	}
	return []File{{Path: "Dockerfile", Data: docker}, {Path: "deploy/kubernetes.yaml", Data: kube}}, nil
}

// goRelease is the major.minor of a go line ("1.26.0" → "1.26"), the tag
// of the official Go image that builds it.
func goRelease(v string) string {
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return v
	}
	return parts[0] + "." + parts[1]
}
