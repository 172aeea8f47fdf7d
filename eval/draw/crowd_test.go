package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDrawCrowd(t *testing.T) {
	cands := []candidate{
		{rel: "used.com.json", ops: 9000},
		{rel: "a.com/one.json", ops: 6000},
		{rel: "a.com/two.json", ops: 6000},
		{rel: "broken.com.json", ops: 6000},
		{rel: "b.com.json", ops: 6000},
		{rel: "c.com.json", ops: 6000},
		{rel: "d.com.json", ops: 6000},
	}
	lower := func(rel string) (int, error) {
		if rel == "broken.com.json" {
			return 0, errors.New("bad")
		}
		return 6000, nil
	}
	vs := drawCrowd(cands, map[string]bool{"used.com": true}, "seed", lower)
	chosen, total := map[string]bool{}, 0
	for _, v := range vs {
		if v.chosen {
			chosen[v.rel] = true
			total += v.endpoints
		}
	}
	if total < crowdOps || total-6000 >= crowdOps {
		t.Errorf("crowd has %d operations: want the fewest specs that reach %d", total, crowdOps)
	}
	if chosen["used.com.json"] || chosen["broken.com.json"] || (chosen["a.com/one.json"] && chosen["a.com/two.json"]) {
		t.Errorf("crowd %v: holds a used provider, a broken spec or one provider twice", chosen)
	}
	again := drawCrowd(cands, map[string]bool{"used.com": true}, "seed", lower)
	if len(again) != len(vs) {
		t.Fatal("the crowd is not deterministic")
	}
	for i := range vs {
		if vs[i].rel != again[i].rel || vs[i].chosen != again[i].chosen {
			t.Fatal("the crowd is not deterministic")
		}
	}
}

func TestWriteCrowd(t *testing.T) {
	file := filepath.Join(t.TempDir(), "crowd.txt")
	vs := []verdict{
		{candidate: candidate{rel: "a.com.json"}, chosen: true, endpoints: 10},
		{candidate: candidate{rel: "b.com.json"}, why: "provider b.com has a query set"},
	}
	if err := writeCrowd(file, "seed", vs); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(line, "#") {
			listed = append(listed, line)
		}
	}
	if len(listed) != 1 || listed[0] != "a.com.json" {
		t.Errorf("crowd file lists %q, want only the chosen a.com.json", listed)
	}
}
