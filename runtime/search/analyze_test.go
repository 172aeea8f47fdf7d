package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAnalyze(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"empty", "", nil},
		{"punctuation only", " /-{}. ", nil},
		{"path", "/pets/{petId}/photos", []string{"pet", "pet", "id", "petid", "photo"}},
		{"camel case with stop word", "getPetById", []string{"get", "pet", "id", "getpetbyid"}},
		{"acronym", "HTTPServer", []string{"http", "server", "httpserver"}},
		{"digits stay", "oauth2 v1Token", []string{"oauth2", "v1", "token", "v1token"}},
		{"stop words dropped", "Find the pets of a user", []string{"find", "pet", "user"}},
		{"plurals folded", "categories status address analysis", []string{"category", "status", "address", "analysis"}},
		{"method", "GET", []string{"get"}},
		{"non-ascii letters", "Übersicht für Käufer", []string{"übersicht", "für", "käufer"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Analyze(tt.text)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Analyze(%q) mismatch (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}
