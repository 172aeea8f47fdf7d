package halves

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/swag2mcp/swag2mcp/internal/updateflag"
)

func TestFormatRead(t *testing.T) {
	h := Halves{Seed: "s", Tuning: []string{"github", "a.com/x"}, Holdout: []string{"b.com"}}
	file := filepath.Join(t.TempDir(), "halves.yaml")
	if err := os.WriteFile(file, Format(h, "line one\nline two"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Read(file)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(h, *got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		h    Halves
		err  string
	}{
		{"fine", Halves{Tuning: []string{"github"}, Holdout: []string{"x"}}, ""},
		{"empty holdout", Halves{Tuning: []string{"github"}}, "at least one"},
		{"named twice", Halves{Tuning: []string{"github", "x"}, Holdout: []string{"x"}}, `"x" is named twice`},
		{"github held out", Halves{Tuning: []string{"x"}, Holdout: []string{"github"}}, `"github" must be in the tuning half`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.h.Validate()
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("Validate: %v", err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("Validate = %v, want an error with %q", err, tt.err)
			}
		})
	}
}

func TestOfAndCover(t *testing.T) {
	h := Halves{Tuning: []string{"github", "a"}, Holdout: []string{"b"}}
	if h.Of("a") != Tuning || h.Of("b") != Holdout || h.Of("c") != "" {
		t.Errorf("Of: a=%q b=%q c=%q", h.Of("a"), h.Of("b"), h.Of("c"))
	}
	if err := h.Cover([]string{"github", "a", "b"}); err != nil {
		t.Errorf("Cover of exactly the named sets: %v", err)
	}
	if err := h.Cover([]string{"github", "a", "b", "c"}); err == nil || !strings.Contains(err.Error(), `"c" is in no half`) {
		t.Errorf("Cover with a set in no half = %v", err)
	}
	if err := h.Cover([]string{"github", "a"}); err == nil || !strings.Contains(err.Error(), `"b", which has no query set`) {
		t.Errorf("Cover with a half naming a missing set = %v", err)
	}
}
