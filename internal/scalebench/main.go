// Command scalebench measures the generated petstore server scaled out:
// the load of loadbench (internal/loadgen: N clients x M calls mixing
// search, inspect and invoke, cooldown off) against one replica with the
// in-memory limiter, one replica with the Redis limiter, then three
// replicas sharing that Redis, each client bound to a replica in turn
// (client-side round robin). It reports throughput, p50/p99 of all calls
// and of invoke, CPU seconds per replica and of Redis, and what the Redis
// limiter adds per call: the invoke p50 against the in-memory run, the
// server's own histogram of Redis requests, and a direct measurement of
// Limiter.Admit against the same Redis and in memory. Everything runs on
// 127.0.0.1; redis-server is started by the benchmark.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/swag2mcp/swag2mcp/internal/loadgen"
	"github.com/swag2mcp/swag2mcp/internal/redisproc"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/redislimit"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	server, redisServer string
	clients, calls      int
	replicas            int
	admits              int
	protocol            string
	timeout             time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("scalebench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.server, "server", "", "path of the generated petstore server binary")
	fs.StringVar(&o.redisServer, "redis-server", "", "path of redis-server (default: SWAG2MCP_REDIS_SERVER or PATH)")
	fs.IntVar(&o.clients, "clients", 50, "concurrent clients, each with its own session")
	fs.IntVar(&o.calls, "calls", 2000, "calls per client and run (search, inspect and invoke in turn)")
	fs.IntVar(&o.replicas, "replicas", 3, "replicas of the scaled-out run")
	fs.IntVar(&o.admits, "admits", 20000, "Limiter.Admit calls of the direct measurement, per limiter")
	fs.StringVar(&o.protocol, "protocol", "", "MCP protocol version the clients ask for (\"\": the latest, stateless 2026-07-28)")
	fs.DurationVar(&o.timeout, "timeout", 20*time.Minute, "stop after this long")
	if err := fs.Parse(args); err != nil || o.server == "" || o.clients < 1 || o.calls < 1 || o.replicas < 1 || o.replicas > 8 ||
		o.clients*o.calls > 1_000_000 || o.admits < 1 || o.admits > 1_000_000 {
		fmt.Fprintln(stderr, "usage: scalebench -server PATH [-clients 50] [-calls 2000] [-replicas 3] (at most 1,000,000 calls per run)")
		return 2
	}
	if o.redisServer == "" {
		bin, err := redisproc.Binary()
		if err != nil {
			fmt.Fprintln(stderr, "scalebench:", err)
			return 1
		}
		o.redisServer = bin
	}
	if err := bench(o, stdout); err != nil {
		fmt.Fprintln(stderr, "scalebench:", err)
		return 1
	}
	return 0
}

func bench(o options, out io.Writer) error {
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	dir, err := os.MkdirTemp("", "scalebench-redis-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	redis, err := redisproc.Start(ctx, o.redisServer, dir)
	if err != nil {
		return err
	}
	defer redis.Stop()
	upstream := loadgen.Upstream()
	defer upstream.Close()
	hc := loadgen.HTTPClient(o.clients)

	fmt.Fprintf(out, "scalebench: %d clients x %d calls per run (search, inspect, invoke in turn; cooldown off) over streamable HTTP, protocol %s\n",
		o.clients, o.calls, loadgen.OrLatest(o.protocol))
	fmt.Fprintf(out, "machine: %d cores, load average %s at the start\n\n", runtime.NumCPU(), loadgen.LoadAvg())
	fmt.Fprintln(out, "| run | calls/s | p50 | p99 | invoke p50 | invoke p99 | errors | CPU s per replica | Redis CPU s | Redis request, server mean |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|---|---|")
	runs := []struct {
		name     string
		replicas int
		redis    bool
	}{{"1 replica, in-memory limiter", 1, false}, {"1 replica, Redis limiter", 1, true},
		{fmt.Sprintf("%d replicas, Redis limiter", o.replicas), o.replicas, true}}
	var invokeP50 []time.Duration
	for _, r := range runs {
		var extra []string
		if r.redis {
			extra = []string{"--redis", redis.URL()}
		}
		res, err := runOnce(ctx, o, hc, upstream.URL+"/api/v3", r.replicas, extra, redis.Pid())
		if err != nil {
			return fmt.Errorf("%s: %w", r.name, err)
		}
		invokeP50 = append(invokeP50, loadgen.Pct(res.load.Invoke, 0.5))
		fmt.Fprintf(out, "| %s | %.0f | %s | %s | %s | %s | %d | %s | %.2f | %s |\n", r.name,
			float64(len(res.load.All))/res.load.Elapsed.Seconds(), loadgen.Pct(res.load.All, 0.5), loadgen.Pct(res.load.All, 0.99),
			loadgen.Pct(res.load.Invoke, 0.5), loadgen.Pct(res.load.Invoke, 0.99), res.load.Errors, seconds(res.cpu),
			res.redisCPU.Seconds(), orDash(res.redisMean, r.redis))
		if res.load.First != nil {
			return fmt.Errorf("%s: calls failed; first: %w", r.name, res.load.First)
		}
	}
	fmt.Fprintf(out, "\ninvoke p50 with the Redis limiter minus in memory, one replica: %s\n", (invokeP50[1] - invokeP50[0]).Round(time.Microsecond))

	mem, red, err := admitLatency(ctx, redis.URL(), o.admits)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Limiter.Admit, one caller, %d calls each: in memory p50 %s p99 %s; Redis p50 %s p99 %s\n", o.admits,
		exact(mem, 0.5), exact(mem, 0.99), exact(red, 0.5), exact(red, 0.99))
	fmt.Fprintf(out, "machine: load average %s at the end\n", loadgen.LoadAvg())
	return nil
}

// result is one run of the load.
type result struct {
	load      loadgen.Result
	cpu       []time.Duration // per replica, during the load
	redisCPU  time.Duration
	redisMean time.Duration // mean Redis request as the servers measured it
}

// runOnce starts replicas servers with extra arguments, runs the load
// against them round robin and stops them.
func runOnce(ctx context.Context, o options, hc *http.Client, baseURL string, replicas int, extra []string, redisPid int) (*result, error) {
	var srvs []*loadgen.Server
	defer func() {
		for _, s := range srvs {
			s.Stop()
		}
	}()
	var urls []string
	for range replicas {
		s, err := loadgen.Start(ctx, o.server, baseURL, extra...)
		if err != nil {
			return nil, err
		}
		srvs = append(srvs, s)
		urls = append(urls, s.URL)
	}
	var ids []string
	for _, u := range urls {
		var err error
		if ids, err = loadgen.WarmUp(ctx, u, hc, o.protocol); err != nil {
			return nil, err
		}
	}
	// An unmeasured tenth of the load first: connections, caches and the
	// Go runtime warm up as in a server that has been running a while.
	if w := loadgen.Run(ctx, urls, hc, o.protocol, o.clients, max(o.calls/10, 1), ids); w.First != nil {
		return nil, fmt.Errorf("warm-up: %w", w.First)
	}
	before := make([]time.Duration, len(srvs))
	for i, s := range srvs {
		before[i], _ = loadgen.CPU(s.Cmd.Process.Pid)
	}
	redisBefore, _ := loadgen.CPU(redisPid)
	res := &result{load: loadgen.Run(ctx, urls, hc, o.protocol, o.clients, o.calls, ids)}
	for i, s := range srvs {
		after, err := loadgen.CPU(s.Cmd.Process.Pid)
		if err != nil {
			return nil, err
		}
		res.cpu = append(res.cpu, after-before[i])
	}
	redisAfter, _ := loadgen.CPU(redisPid)
	res.redisCPU = redisAfter - redisBefore
	var sum float64
	var count int64
	for _, s := range srvs {
		m, err := s.Metrics(ctx, hc)
		if err != nil {
			return nil, err
		}
		sum += metric(m, "swag2mcp_limiter_redis_seconds_sum")
		count += int64(metric(m, "swag2mcp_limiter_redis_seconds_count"))
	}
	if count > 0 {
		res.redisMean = time.Duration(sum / float64(count) * float64(time.Second))
	}
	return res, nil
}

// admitLatency times n sequential Admit calls (cooldown off, as in the
// load) of a MemoryLimiter and of a Redis limiter on url.
func admitLatency(ctx context.Context, url string, n int) (mem, red []time.Duration, err error) {
	rl, err := redislimit.New(ctx, redislimit.Options{URL: url, Server: "scalebench"})
	if err != nil {
		return nil, nil, err
	}
	defer rl.Close()
	call := invoke.LimitCall{Spec: "petstore", Origin: "http://127.0.0.1", Endpoint: "e"}
	for _, l := range []invoke.Limiter{invoke.NewMemoryLimiter(), rl} {
		lat := make([]time.Duration, 0, n)
		for range n {
			t0 := time.Now()
			if _, err := l.Admit(ctx, call, true); err != nil {
				return nil, nil, err
			}
			lat = append(lat, time.Since(t0))
		}
		slices.Sort(lat)
		if mem == nil {
			mem = lat
		} else {
			red = lat
		}
	}
	return mem, red, nil
}

// metric reads an unlabelled sample from Prometheus text.
func metric(text, name string) float64 {
	for _, line := range strings.Split(text, "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			f, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return f
		}
	}
	return 0
}

// exact is the p-quantile of sorted latencies to 10 ns.
func exact(sorted []time.Duration, p float64) time.Duration {
	return sorted[min(len(sorted)-1, int(float64(len(sorted))*p))].Round(10 * time.Nanosecond)
}

func seconds(ds []time.Duration) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fmt.Sprintf("%.2f", d.Seconds())
	}
	return strings.Join(parts, " / ")
}

func orDash(d time.Duration, ok bool) string {
	if !ok {
		return "—"
	}
	return d.Round(time.Microsecond).String()
}
