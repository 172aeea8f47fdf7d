package main

import (
	"strings"
	"testing"
	"time"
)

// A trace as a generated server writes it: the runtime's init lines with
// the server's own log lines between them.
const sampleTrace = `init internal/bytealg @0 ms, 0 ms clock, 0 bytes, 0 allocs
init runtime @0.11 ms, 0.10 ms clock, 0 bytes, 0 allocs
init github.com/santhosh-tekuri/jsonschema/v6 @13 ms, 8.9 ms clock, 1701320 bytes, 21285 allocs
time=2026-12-02T01:13:15.098Z level=INFO msg="serving MCP over stdio" endpoints=1223
init github.com/prometheus/client_golang/prometheus @23 ms, 0.62 ms clock, 64320 bytes, 247 allocs
`

func TestParseInitTrace(t *testing.T) {
	got, err := parseInitTrace(strings.NewReader(sampleTrace))
	if err != nil {
		t.Fatal(err)
	}
	want := initCost{
		"internal/bytealg": 0,
		"runtime":          100 * time.Microsecond,
		"github.com/santhosh-tekuri/jsonschema/v6":       8900 * time.Microsecond,
		"github.com/prometheus/client_golang/prometheus": 620 * time.Microsecond,
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for pkg, d := range want {
		if got[pkg] != d {
			t.Errorf("%s: got %v, want %v", pkg, got[pkg], d)
		}
	}
	if got.total() != 9620*time.Microsecond {
		t.Errorf("total %v, want 9.62ms", got.total())
	}
}

func TestParseInitTraceWithoutTrace(t *testing.T) {
	if _, err := parseInitTrace(strings.NewReader("time=… level=INFO msg=serving\n")); err == nil {
		t.Fatal("no error for output without init lines")
	}
}

func TestPrintInits(t *testing.T) {
	ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	costs := []initCost{
		{"a": ms(9), "b": ms(1), "c": ms(0.5), "d": ms(0.1)},
		{"a": ms(7), "b": ms(2), "c": ms(0.4), "d": ms(0.2)},
		{"a": ms(8), "b": ms(3), "c": ms(0.6)},
	}
	var b strings.Builder
	printInits(&b, "package init", costs)
	want := "package init         median 10.6ms over 3 starts; largest: a 8ms, b 2ms, c 500µs\n"
	if b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}
}

// TestHeadWriterBounded checks that a start's stderr is kept only up to
// the bound, while every write still reports success (the child must not
// see a broken pipe).
func TestHeadWriterBounded(t *testing.T) {
	w := &headWriter{max: 10}
	for range 3 {
		if n, err := w.Write([]byte("0123456")); n != 7 || err != nil {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	if got := w.buf.String(); got != "0123456012" {
		t.Errorf("kept %q, want the first 10 bytes", got)
	}
}
