// Package benchspec names the specs the generation benchmarks run on:
// the golden petstore always, GitHub's and Microsoft Graph beta's when
// SWAG2MCP_GITHUB_SPEC and SWAG2MCP_GRAPH_SPEC name them (`make bench`
// sets both).
package benchspec

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// Run runs bench once per spec as a sub-benchmark named after it,
// skipping a spec whose variable is not set. root is the repository's root
// as seen from the calling package ("..", "../..").
func Run(b *testing.B, root string, bench func(b *testing.B, spec string)) {
	cases := []struct{ name, spec string }{
		{"petstore", filepath.Join(root, "golden", "testdata", "petstore", "petstore.yaml")},
		{"github", os.Getenv("SWAG2MCP_GITHUB_SPEC")},
		{"graph-beta", os.Getenv("SWAG2MCP_GRAPH_SPEC")},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			if c.spec == "" {
				b.Skipf("the %s spec's variable is not set", c.name)
			}
			b.ReportAllocs()
			bench(b, c.spec)
		})
	}
}

// ReportLatency reports the 50th and 99th percentile of lat, single
// operations' times, as the metrics p50-µs and p99-µs.
func ReportLatency(b *testing.B, lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) }
	b.ReportMetric(pct(0.50), "p50-µs")
	b.ReportMetric(pct(0.99), "p99-µs")
}
