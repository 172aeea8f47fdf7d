package sandbox

import (
	"context"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/script"
)

// BenchmarkRun compares a script in the server's process (script.Run) with
// one in a warm child and one in a child started for it (cold: fork and
// exec of this test binary, Go start-up, the ready frame), each with a
// host that answers at once. The per-call cost of the pipe is
// ((50 calls − start) in a child − (50 calls − start) in process) / 50.
func BenchmarkRun(b *testing.B) {
	if !Isolated() {
		b.Skip("script processes need Linux")
	}
	scripts := []struct{ name, src string }{
		{"start", `return 1`},
		{"50 calls", `let n = 0; for (let i = 0; i < 50; i++) { if ((await tools.getPet({ parameters: { id: i } })).ok) n++ } return n`},
	}
	runners := []struct {
		name string
		run  func() script.Runner
	}{
		{"in process", func() script.Runner { return script.InProcess{} }},
		{"warm child", func() script.Runner { return New(Options{}) }},
		{"cold child", func() script.Runner { return New(Options{Warm: -1}) }},
	}
	for _, r := range runners {
		for _, s := range scripts {
			b.Run(r.name+"/"+s.name, func(b *testing.B) {
				runner := r.run()
				if p, ok := runner.(*Pool); ok {
					defer p.Close()
				}
				runner.Run(context.Background(), `return 0`, &fakeHost{}, script.Limits{}) // warms a warm pool
				b.ReportAllocs()
				for b.Loop() {
					if res := runner.Run(context.Background(), s.src, &fakeHost{}, script.Limits{}); res.Err != nil {
						b.Fatal(res.Err)
					}
				}
			})
		}
	}
}
