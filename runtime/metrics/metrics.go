// Package metrics counts what a generated server does, in Prometheus
// form: tool calls by tool and outcome code, invoke latency by operation,
// upstream status classes, rate-limit refusals, spill files, script runs
// and the shared Redis limiter's health and latency. Labels take values
// from fixed sets or from the compiled-in catalog (operationIds), never
// from arguments, so their number stays bounded. A nil *Recorder records nothing.
package metrics

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Recorder holds a server's collectors on its own registry (no global
// state: two servers in one process count apart). The registry is filled
// when the metrics are first served (Handler): most servers run under
// stdio without a metrics listener, and registering (the Go and process
// collectors above all) was a tenth of a small server's start-up.
type Recorder struct {
	registry    func() *prometheus.Registry
	toolCalls   *prometheus.CounterVec
	invokeTime  *prometheus.HistogramVec
	upstream    *prometheus.CounterVec
	rateLimited *prometheus.CounterVec
	spilled     prometheus.Counter
	scripts     *prometheus.CounterVec
	redisUp     prometheus.Gauge
	fallbacks   *prometheus.CounterVec
	redisTime   prometheus.Histogram
}

// New returns a Recorder with Go runtime and process collectors.
func New() *Recorder {
	r := &Recorder{
		toolCalls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "swag2mcp_tool_calls_total", Help: "Tool calls by tool and outcome: ok or the error code.",
		}, []string{"tool", "outcome"}),
		invokeTime: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "swag2mcp_invoke_duration_seconds", Help: "Time of calls sent to the API, retries included, by operation.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"operation"}),
		upstream: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "swag2mcp_upstream_responses_total", Help: "Answers of the API by status class (2xx … 5xx) or error (no answer).",
		}, []string{"class"}),
		rateLimited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "swag2mcp_rate_limited_total", Help: "Calls refused for rate limiting: by the cooldown, by the API (api: its answer; " +
				"backoff: its earlier Retry-After), or held back while the shared limiter was unreachable (limiter_unavailable).",
		}, []string{"by"}),
		spilled: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "swag2mcp_spill_files_total", Help: "Responses saved to the workspace instead of answered inline.",
		}),
		scripts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "swag2mcp_script_runs_total", Help: "Script runs by outcome: ok or the error code.",
		}, []string{"outcome"}),
		redisUp: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "swag2mcp_limiter_redis_up", Help: "1 when the last request to the shared Redis limiter succeeded, 0 when it failed (only with --redis).",
		}),
		fallbacks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "swag2mcp_limiter_fallback_total", Help: "Limiter decisions made without the unreachable Redis: local (reads, by this " +
				"replica's own table) or refused (writes with a cooldown, held back).",
		}, []string{"outcome"}),
		redisTime: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "swag2mcp_limiter_redis_seconds", Help: "Time of one request to the shared Redis limiter.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .1, .5},
		}),
	}
	r.registry = sync.OnceValue(func() *prometheus.Registry {
		reg := prometheus.NewRegistry()
		reg.MustRegister(r.toolCalls, r.invokeTime, r.upstream, r.rateLimited, r.spilled, r.scripts, r.redisUp, r.fallbacks, r.redisTime,
			collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
		return reg
	})
	return r
}

// Handler serves the metrics in the Prometheus text format.
func (r *Recorder) Handler() http.Handler {
	if r == nil {
		return http.NotFoundHandler()
	}
	return promhttp.HandlerFor(r.registry(), promhttp.HandlerOpts{})
}

// ToolCall counts one call of tool ending with outcome ("ok" or a code).
func (r *Recorder) ToolCall(tool, outcome string) {
	if r != nil {
		r.toolCalls.WithLabelValues(tool, outcome).Inc()
	}
}

// Invoke records one call sent to the API: its operation (an operationId
// or "METHOD /path/template"), time and HTTP status (0 when no answer
// came).
func (r *Recorder) Invoke(operation string, d time.Duration, status int) {
	if r == nil {
		return
	}
	r.invokeTime.WithLabelValues(operation).Observe(d.Seconds())
	class := "error"
	if status >= 100 && status < 600 {
		class = strconv.Itoa(status/100) + "xx"
	}
	r.upstream.WithLabelValues(class).Inc()
}

// RateLimited counts a refusal by "cooldown", "api", "backoff" or
// "limiter_unavailable"; only "api" calls were sent.
func (r *Recorder) RateLimited(by string) {
	if r != nil {
		r.rateLimited.WithLabelValues(by).Inc()
	}
}

// Spilled counts a response saved to a file.
func (r *Recorder) Spilled() {
	if r != nil {
		r.spilled.Inc()
	}
}

// ScriptRun counts one script run ending with outcome.
func (r *Recorder) ScriptRun(outcome string) {
	if r != nil {
		r.scripts.WithLabelValues(outcome).Inc()
	}
}

// LimiterRedis records whether the shared Redis limiter answered its last
// request.
func (r *Recorder) LimiterRedis(up bool) {
	if r == nil {
		return
	}
	v := 0.0
	if up {
		v = 1
	}
	r.redisUp.Set(v)
}

// LimiterFallback counts a decision made without Redis: "local" or
// "refused".
func (r *Recorder) LimiterFallback(outcome string) {
	if r != nil {
		r.fallbacks.WithLabelValues(outcome).Inc()
	}
}

// LimiterLatency records one request to the shared Redis limiter.
func (r *Recorder) LimiterLatency(d time.Duration) {
	if r != nil {
		r.redisTime.Observe(d.Seconds())
	}
}
