package spill

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// staleTemp is the age after which a temporary file is a crashed write's
// leftover.
const staleTemp = time.Hour

// prune removes the oldest response files until at most maxFiles remain
// and they hold at most maxBytes in all. keep (the file just written) is
// never removed, even when it alone passes maxBytes. Temporary files left
// by crashed writes go too. Failures are ignored: retention is best effort
// and must not fail the call that stored a file. Other processes may prune
// the same folder at once: a file that vanishes between the listing and
// its removal is simply gone, and since every prune lists after its own
// file appeared, the last listing sees every file and keeps the bound.
func (w *Workspace) prune(keep string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	entries, err := os.ReadDir(w.responses)
	if err != nil {
		return
	}
	type file struct {
		name string
		size int64
		mod  time.Time
	}
	var files []file
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		name := e.Name()
		switch {
		case strings.HasPrefix(name, ".response_") && strings.HasSuffix(name, ".tmp"):
			if time.Since(info.ModTime()) > staleTemp {
				os.Remove(filepath.Join(w.responses, name))
			}
		case validName(name):
			files = append(files, file{name, info.Size(), info.ModTime()})
		}
	}
	// Newest first; the kept file leads whatever its time says.
	slices.SortFunc(files, func(a, b file) int {
		if (a.name == keep) != (b.name == keep) {
			if a.name == keep {
				return -1
			}
			return 1
		}
		if c := b.mod.Compare(a.mod); c != 0 {
			return c
		}
		return cmp.Compare(b.name, a.name)
	})
	var total int64
	kept, full := 0, false
	for i, f := range files {
		if i > 0 && (full || kept >= w.maxFiles || total+f.size > w.maxBytes) {
			full = true // everything older goes too
			os.Remove(filepath.Join(w.responses, f.name))
			continue
		}
		kept++
		total += f.size
	}
}
