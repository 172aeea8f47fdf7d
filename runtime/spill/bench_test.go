package spill

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"
)

// writeBigJSON writes a response of about size bytes: an object with an
// items array of records of mixed shapes, like a large API listing.
func writeBigJSON(b *testing.B, dir string, size int64) string {
	b.Helper()
	path := filepath.Join(dir, "response_00000000000000b1.json")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	fmt.Fprint(w, `{"total":0,"next":null,"items":[`)
	written := int64(0)
	for i := 0; written < size; i++ {
		if i > 0 {
			w.WriteByte(',')
		}
		n, _ := fmt.Fprintf(w, `{"id":%d,"name":"item %d","price":%d.%02d,"tags":["t%d","u%d"],"active":%t,`+
			`"owner":{"id":%d,"login":"user%d","email":null},"description":"Lorem ipsum dolor sit amet, consectetur adipiscing elit %d"}`,
			i, i, i%1000, i%100, i%7, i%13, i%3 != 0, i%500, i%500, i)
		written += int64(n)
	}
	fmt.Fprint(w, `]}`)
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

// peakHeap samples the bytes of live heap objects while run runs and
// returns the peak above the level before it.
func peakHeap(run func()) (peak uint64) {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	base := read()
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			if v := read(); v > base && v-base > peak {
				peak = v - base
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	run()
	close(done)
	wg.Wait()
	return peak
}

// BenchmarkResponseTools runs each response tool over a generated 50 MB
// JSON file and reports the peak live heap per run (peak-heap-MB):
// streaming keeps it a small fraction of the file.
func BenchmarkResponseTools(b *testing.B) {
	dir := b.TempDir()
	w, err := New(Options{Dir: dir})
	if err != nil {
		b.Fatal(err)
	}
	if err := os.MkdirAll(w.ResponsesDir(), 0o700); err != nil {
		b.Fatal(err)
	}
	path := writeBigJSON(b, w.ResponsesDir(), 50<<20)
	info, _ := os.Stat(path)
	b.Logf("file: %s", FormatSize(info.Size()))
	cases := []struct {
		name string
		run  func() error
	}{
		{"outline", func() error { _, err := w.Outline(path); return err }},
		{"compress/sample", func() error { _, err := w.Compress(path, ModeSample); return err }},
		{"compress/compact-refused", func() error {
			_, err := w.Compress(path, ModeCompact)
			if _, ok := err.(*TooLargeError); ok {
				return nil
			}
			return fmt.Errorf("want TooLargeError, got %v", err)
		}},
		{"slice/index", func() error { _, err := w.Slice(path, `$.items[200000].owner`); return err }},
		{"slice/filter", func() error { _, err := w.Slice(path, `$.items[?@.price > 998.9].id`); return err }},
		{"slice/descendant-per-item", func() error { _, err := w.Slice(path, `$.items[*]..login`); return err }},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var peak uint64
			for b.Loop() {
				var err error
				peak = max(peak, peakHeap(func() { err = c.run() }))
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		})
	}
}
