package sandbox

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

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
				pool, _ := runner.(*Pool)
				cpu := cpuTime(pool)
				for b.Loop() {
					if res := runner.Run(context.Background(), s.src, &fakeHost{}, script.Limits{}); res.Err != nil {
						b.Fatal(res.Err)
					}
				}
				// CPU time of the server and its children, which a loaded
				// machine inflates less than wall time.
				b.ReportMetric(float64((cpuTime(pool)-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// cpuTime is the user and system time of this process, of its children
// that ended and of p's live ones.
func cpuTime(p *Pool) time.Duration {
	var self, ended syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ended) // children reaped so far
	total := time.Duration(self.Utime.Nano() + self.Stime.Nano() + ended.Utime.Nano() + ended.Stime.Nano())
	if p == nil {
		return total
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.live {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", c.pid))
		if err != nil {
			continue
		}
		_, rest, _ := strings.Cut(string(b), ") ")
		if f := strings.Fields(rest); len(f) > 12 {
			ut, _ := strconv.Atoi(f[11])
			st, _ := strconv.Atoi(f[12])
			total += time.Duration(ut+st) * 10 * time.Millisecond // USER_HZ is 100 on Linux
		}
	}
	return total
}
