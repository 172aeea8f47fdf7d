//go:build unix

package script

import (
	"context"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestSourceMapCommentOpensNoFile: goja reads the file a sourceMappingURL
// comment names unless source maps are off. A FIFO would block that read
// forever, so a run that returns proves no file was opened.
func TestSourceMapCommentOpensNoFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "map")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	comment := "//# sourceMappingURL=file://" + fifo
	srcs := map[string]string{
		"script":   "return 1\n" + comment,
		"eval":     "return eval('2\\n" + comment + "')",
		"Function": "return new Function('return 3\\n" + comment + "')()",
	}
	for name, src := range srcs {
		t.Run(name, func(t *testing.T) {
			done := make(chan *Result, 1)
			go func() { done <- Run(context.Background(), src, &fakeHost{}, Limits{}) }()
			select {
			case res := <-done:
				if res.Err != nil {
					t.Errorf("error: %+v", res.Err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the run is blocked: the engine opened the file a sourceMappingURL comment names")
			}
		})
	}
}
