package server

import (
	"strings"
	"testing"
)

func TestNewMCPServerChecksCatalog(t *testing.T) {
	tests := []struct {
		name    string
		mutate  func(o *Options)
		wantErr string // substring; "" means success
	}{
		{name: "valid", mutate: func(*Options) {}},
		{name: "no catalog", mutate: func(o *Options) { o.Catalog = nil }, wantErr: "no catalog"},
		{name: "stubs misaligned", mutate: func(o *Options) { o.Stubs = o.Stubs[:2] }, wantErr: "5 endpoints but 2 stubs"},
		{name: "bad tag index", mutate: func(o *Options) { o.Catalog.Endpoints[1].Tag = 9 }, wantErr: "tag index 9"},
		{name: "bad collection index", mutate: func(o *Options) { o.Catalog.Tags[0].Collection = -1 }, wantErr: "collection index -1"},
		{name: "bad spec index", mutate: func(o *Options) { o.Catalog.Collections[0].Spec = 1 }, wantErr: "spec index 1"},
		{name: "bad def index", mutate: func(o *Options) { o.Catalog.Endpoints[2].Defs = []int{3} }, wantErr: "def index 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := testOptions(nil)
			tt.mutate(&opts)
			_, err := NewMCPServer(opts)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("NewMCPServer: %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("NewMCPServer error = %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestInspectWithoutBaseURL(t *testing.T) {
	opts := testOptions(nil)
	opts.Catalog.Specs[0].BaseURL = ""
	cs := connect(t, opts)
	got, isErr := call(t, cs, "inspect", map[string]any{"endpointId": idPing})
	if isErr {
		t.Fatalf("inspect failed: %v", got)
	}
	if got["baseUrl"] != "" || got["fullUrl"] != "/ping" {
		t.Errorf("baseUrl, fullUrl = %q, %q; want \"\", \"/ping\"", got["baseUrl"], got["fullUrl"])
	}
	if note, _ := got["note"].(string); !strings.Contains(note, "X_BASE_URL") {
		t.Errorf("note = %q, want it to name X_BASE_URL", note)
	}
}
