package spill

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
)

// TestSharedWorkspace: workspaces of several processes (replicas) on one
// folder each read the files the others stored, by absolute path or name.
func TestSharedWorkspace(t *testing.T) {
	dir := t.TempDir()
	one := newTestWorkspace(t, Options{Dir: dir})
	three := newTestWorkspace(t, Options{Dir: dir})
	f := store(t, one, "application/json", `{"pets":[{"name":"Rex"},{"name":"Tom"}]}`)
	for _, ref := range []string{f.Path, f.Name} {
		got, err := three.Slice(ref, "$.pets[1].name")
		if err != nil {
			t.Fatalf("slice %s through another workspace: %v", ref, err)
		}
		if len(got.Matches) != 1 || string(got.Matches[0].Value) != `"Tom"` {
			t.Errorf("slice = %+v", got)
		}
	}
}

// TestConcurrentRetention: four replicas store into one folder and prune
// it at once while others read; a file that vanishes under a reader or a
// pruner is not_found, never another error, and the bound holds at the
// end.
func TestConcurrentRetention(t *testing.T) {
	dir := t.TempDir()
	const replicas, stores, keep = 4, 40, 5
	ws := make([]*Workspace, replicas)
	for i := range ws {
		ws[i] = newTestWorkspace(t, Options{Dir: dir, MaxFiles: keep})
	}
	names := make(chan string, replicas*stores)
	errs := make(chan error, replicas*stores*2)
	var wg sync.WaitGroup
	for i, w := range ws {
		wg.Add(2)
		go func() { // a writer
			defer wg.Done()
			for n := range stores {
				f, err := w.Store(strings.NewReader(fmt.Sprintf(`{"replica":%d,"n":%d}`, i, n)), KindJSON, "application/json", 1<<20)
				if err != nil {
					errs <- fmt.Errorf("store: %w", err)
					return
				}
				names <- f.Path
			}
		}()
		go func() { // a reader of any replica's files
			defer wg.Done()
			for range stores {
				select {
				case path := <-names:
					if _, err := w.Slice(path, "$.n"); err != nil && !errors.Is(err, ErrNotFound) {
						errs <- fmt.Errorf("slice %s: %w", path, err)
					}
					if _, err := w.Outline(path); err != nil && !errors.Is(err, ErrNotFound) {
						errs <- fmt.Errorf("outline %s: %w", path, err)
					}
				default:
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	entries, err := os.ReadDir(ws[0].ResponsesDir())
	if err != nil {
		t.Fatal(err)
	}
	files := 0
	for _, e := range entries {
		if validName(e.Name()) {
			files++
		} else {
			t.Errorf("left behind: %s", e.Name())
		}
	}
	if files > keep || files == 0 {
		t.Errorf("%d files kept, want 1 to %d", files, keep)
	}
}
