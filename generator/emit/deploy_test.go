package emit

import (
	"errors"
	"io"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// manifest decodes every document of a Kubernetes manifest by kind/name.
func manifest(t *testing.T, data []byte) map[string]map[string]any {
	t.Helper()
	docs := map[string]map[string]any{}
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	for {
		var doc map[string]any
		if err := dec.Decode(&doc); errors.Is(err, io.EOF) {
			return docs
		} else if err != nil {
			t.Fatalf("manifest does not parse: %v", err)
		}
		meta, _ := doc["metadata"].(map[string]any)
		docs[doc["kind"].(string)+"/"+meta["name"].(string)] = doc
	}
}

// dig walks maps and the first element of lists.
func dig(v any, path ...string) any {
	for _, p := range path {
		if l, ok := v.([]any); ok && len(l) > 0 {
			v = l[0]
		}
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[p]
	}
	return v
}

// TestDeployFiles: the Kubernetes manifest runs three non-root replicas
// with /readyz as readiness probe, the token and credentials from a
// Secret, Redis and a ReadWriteMany workspace shared at one path; the
// Dockerfile builds a distroless image that runs as a non-root user.
func TestDeployFiles(t *testing.T) {
	files := emitFixture(t)
	docs := manifest(t, files["deploy/kubernetes.yaml"])
	dep := docs["Deployment/petstore-mcp"]
	if dep == nil {
		t.Fatalf("no Deployment petstore-mcp among %v", keys(docs))
	}
	if r := dig(dep, "spec", "replicas"); r != 3 {
		t.Errorf("replicas = %v, want 3", r)
	}
	pod := dig(dep, "spec", "template", "spec")
	if dig(pod, "securityContext", "runAsNonRoot") != true {
		t.Error("pods may run as root")
	}
	c := dig(pod, "containers")
	if p := dig(c, "readinessProbe", "httpGet", "path"); p != "/readyz" {
		t.Errorf("readiness probe = %v, want /readyz", p)
	}
	env := map[string]any{}
	for _, e := range dig(c, "env").([]any) {
		m := e.(map[string]any)
		env[m["name"].(string)] = m
	}
	if dig(env["SWAG2MCP_HTTP_TOKEN"], "valueFrom", "secretKeyRef", "name") != "petstore-mcp" {
		t.Errorf("token not from the Secret: %v", env["SWAG2MCP_HTTP_TOKEN"])
	}
	for _, v := range []string{"PETSTORE_API_KEY", "METEO_2_BEARER"} {
		if dig(env[v], "valueFrom", "secretKeyRef", "optional") != true {
			t.Errorf("%s not an optional Secret key: %v", v, env[v])
		}
	}
	if dig(env["SWAG2MCP_REDIS_URL"], "value") != "redis://petstore-mcp-redis:6379/0" {
		t.Errorf("SWAG2MCP_REDIS_URL = %v", env["SWAG2MCP_REDIS_URL"])
	}
	if dig(env["SWAG2MCP_WORKSPACE"], "value") != dig(c, "volumeMounts", "mountPath") {
		t.Errorf("workspace %v is not the mounted volume %v", env["SWAG2MCP_WORKSPACE"], dig(c, "volumeMounts"))
	}
	if m := dig(docs["PersistentVolumeClaim/petstore-mcp-workspace"], "spec", "accessModes"); dig(m) != "ReadWriteMany" && m.([]any)[0] != "ReadWriteMany" {
		t.Errorf("workspace access modes = %v", m)
	}
	for _, want := range []string{"Service/petstore-mcp", "Deployment/petstore-mcp-redis", "Service/petstore-mcp-redis"} {
		if docs[want] == nil {
			t.Errorf("manifest lacks %s", want)
		}
	}

	docker := string(files["Dockerfile"])
	for _, want := range []string{"FROM golang:1.26 AS build", "FROM gcr.io/distroless/static-debian12:nonroot", "USER 65532:65532",
		`ENTRYPOINT ["/usr/local/bin/petstore-mcp"]`, "CGO_ENABLED=0"} {
		if !strings.Contains(docker, want) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
}

// TestDeployHostileName: a server name with newlines, quotes and YAML
// syntax becomes a plain DNS name everywhere in the deployment files.
func TestDeployHostileName(t *testing.T) {
	api := fixture()
	api.Name = "Evil\n  kind: Secret\n\"x\": [1] # /../ Ünï"
	files, err := Emit(api, testOptions(""))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		m[f.Path] = f.Data
	}
	docs := manifest(t, m["deploy/kubernetes.yaml"])
	if docs["Deployment/evil-kind-secret-x-1-n"] == nil {
		t.Errorf("documents %v, want Deployment/evil-kind-secret-x-1-n", keys(docs))
	}
	for _, f := range []string{"Dockerfile", "deploy/kubernetes.yaml"} {
		if strings.Contains(string(m[f]), "Evil") || strings.Contains(string(m[f]), "kind: Secret\n") {
			t.Errorf("%s carries the raw name", f)
		}
	}
}

func keys(m map[string]map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
