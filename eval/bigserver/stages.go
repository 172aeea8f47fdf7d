package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"syscall"
	"time"

	"github.com/swag2mcp/swag2mcp"
	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
	"github.com/swag2mcp/swag2mcp/generator/build"
	"github.com/swag2mcp/swag2mcp/generator/emit"
	"github.com/swag2mcp/swag2mcp/generator/index"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/load"
)

// stages runs the generator's stages in this process over files and prints
// each stage's time, the live heap after it and the peak resident memory so
// far: where generation spends its time and memory. The loaded documents
// are dropped once lowered, as a streaming generator could.
func stages(ctx context.Context, files []string, out io.Writer) error {
	step := func(name string, f func() (string, error)) error {
		start := time.Now()
		stop := make(chan struct{})
		peak := make(chan uint64)
		go samplePeak(stop, peak)
		note, err := f()
		close(stop)
		top := <-peak
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		d := time.Since(start)
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		fmt.Fprintf(out, "stage %-6s %9v  peak heap %6d MB  live heap after %6d MB  %s\n",
			name, d.Round(time.Millisecond), top>>20, ms.HeapAlloc>>20, note)
		return nil
	}
	var docs []*load.Doc
	if err := step("load", func() (string, error) {
		for _, f := range files {
			doc, ds := load.Load(ctx, f, load.Options{})
			if doc == nil || ds.HasErrors() {
				return "", specs.FirstError(ds)
			}
			docs = append(docs, doc)
		}
		return fmt.Sprintf("%d specs", len(docs)), nil
	}); err != nil {
		return err
	}
	var api *ir.API
	if err := step("build", func() (string, error) {
		a, ds := build.Build(docs, build.Options{Name: "bigserver-mcp"})
		if a == nil || ds.HasErrors() {
			return "", specs.FirstError(ds)
		}
		api, docs = a, nil
		return "libopenapi documents dropped", nil
	}); err != nil {
		return err
	}
	if err := step("index", func() (string, error) {
		idx := index.Build(api)
		n := len(idx.Dict) + len(idx.Postings) + len(idx.Positions) + len(idx.Norms) + len(idx.Blocks) + len(idx.Meta)
		return fmt.Sprintf("%d docs, %.1f MB of index", idx.Docs, mb(int64(n))), nil
	}); err != nil {
		return err
	}
	return step("emit", func() (string, error) {
		// Package mode: the same Go files without go.mod and go.sum, which
		// need the runtime's version and are not what this stage measures.
		files, err := emit.Emit(api, emit.Options{Version: swag2mcp.Version, Package: "bigserver"})
		if err != nil {
			return "", err
		}
		var total int64
		biggest := emit.File{}
		for _, f := range files {
			total += int64(len(f.Data))
			if len(f.Data) > len(biggest.Data) {
				biggest = f
			}
		}
		return fmt.Sprintf("%d files, %.1f MB (largest %s %.1f MB), formatted", len(files), mb(total), biggest.Path, mb(int64(len(biggest.Data)))), nil
	})
}

// samplePeak reports on peak the largest heap (object bytes) seen every
// 20 ms until stop closes.
func samplePeak(stop <-chan struct{}, peak chan<- uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var top uint64
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for {
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 {
			top = max(top, sample[0].Value.Uint64())
		}
		select {
		case <-stop:
			peak <- top
			return
		case <-t.C:
		}
	}
}

// peakRSS is this process's largest resident set so far, in bytes.
func peakRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Maxrss << 10
}
