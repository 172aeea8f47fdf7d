package script

import (
	"context"
	"testing"
)

// BenchmarkRun measures the engine alone, with a host that answers at
// once: start-up (runtime, bindings, parse) and 50 sequential calls, whose
// difference over 50 is the engine's cost per call.
func BenchmarkRun(b *testing.B) {
	for _, s := range []struct{ name, code string }{
		{"start", `return 1`},
		{"50 calls", `let n = 0; for (let i = 0; i < 50; i++) { if ((await tools.getPet({ parameters: { id: i } })).ok) n++ } return n`},
		{"50 parallel calls", `return (await Promise.all(Array.from({ length: 50 }, (_, i) => tools.getPet({ parameters: { id: i } })))).length`},
	} {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res := Run(context.Background(), s.code, &fakeHost{}, Limits{MaxCalls: 100, MaxConcurrency: 50}); res.Err != nil {
					b.Fatal(res.Err)
				}
			}
		})
	}
}
