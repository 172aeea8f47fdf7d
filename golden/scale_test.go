package golden_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swag2mcp/swag2mcp/internal/redisproc"
)

// TestScaleOut runs three replicas of the generated petstore server over
// streamable HTTP on three ports, sharing a real redis-server (limits) and
// one workspace folder (saved responses), each driven by its own Go SDK
// client, against one upstream:
//
//   - a call through replica 1, then the same endpoint through replica 2
//     within the cooldown: rate_limit, and the API saw one request;
//   - a script's two calls of one endpoint are one cooldown use, shared:
//     replica 3 is refused that endpoint afterwards;
//   - a response spilled by replica 1 is sliced through replica 3;
//   - Redis stopped: reads fall back to each replica's own cooldowns,
//     writes with a cooldown answer rate_limit and nothing is sent, the log
//     and /metrics say so; Redis restarted: shared again;
//   - an upstream 429 with Retry-After seen by replica 2 holds replicas 1
//     and 3 back from every endpoint of the API, without a request.
//
// `make test` installs redis-server (make redis); without it the test
// skips and says how to get it.
func TestScaleOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a generated server and starts Redis and three replicas")
	}
	redisBin, err := redisproc.Binary()
	if err != nil {
		t.Skip(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	redis, err := redisproc.Start(ctx, redisBin, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(redis.Stop)
	up := newScaleUpstream()
	srv := httptest.NewServer(up)
	defer srv.Close()
	binary := buildPetstore(t)
	workspace := t.TempDir()
	var rs [3]*replica
	for i := range rs {
		rs[i] = startReplica(t, ctx, binary, i+1, redis.URL(), workspace, srv.URL+"/api/v3")
	}
	ids := scaleIDs(t, ctx, rs[0].cs)

	t.Run("cooldown across replicas", func(t *testing.T) {
		invokeOK(t, ctx, rs[0], ids["GET /pet/{petId}"], map[string]any{"petId": 1})
		res := callTool(t, ctx, rs[1].cs, "invoke", map[string]any{"endpointId": ids["GET /pet/{petId}"], "parameters": map[string]any{"petId": 2}}, nil)
		wantCode(t, res, "rate_limit")
		if !strings.Contains(text(res), "cooldown") {
			t.Errorf("refusal does not name the cooldown: %s", text(res))
		}
		if n := up.count("GET /api/v3/pet/1") + up.count("GET /api/v3/pet/2"); n != 1 {
			t.Errorf("the API saw %d calls of GET /pet/{petId}, want 1", n)
		}
	})

	t.Run("spilled on 1, sliced on 3", func(t *testing.T) {
		var got struct{ FileRef struct{ Path string } }
		ok(t, callTool(t, ctx, rs[0].cs, "invoke", map[string]any{"endpointId": ids["GET /pet/findByStatus"],
			"parameters": map[string]any{"status": []string{"available"}}}, &got))
		if got.FileRef.Path == "" {
			t.Fatal("the large answer was not saved to a file")
		}
		var sliced struct {
			Count   int
			Matches []struct{ Value any }
		}
		ok(t, callTool(t, ctx, rs[2].cs, "response_slice", map[string]any{"path": got.FileRef.Path, "jsonPath": "$[7].name"}, &sliced))
		if sliced.Count != 1 || len(sliced.Matches) != 1 || sliced.Matches[0].Value != "pet-7" {
			t.Errorf("slice through replica 3 = %+v", sliced)
		}
	})

	t.Run("a script's calls are one cooldown use, shared", func(t *testing.T) {
		id := ids["GET /user/{username}"]
		var got struct{ Result []any }
		ok(t, callTool(t, ctx, rs[0].cs, "script", map[string]any{"code": `
			const a = await tools.call("` + id + `", { parameters: { username: "ada" } });
			const b = await tools.call("` + id + `", { parameters: { username: "bob" } });
			return [a.ok ? a.data.statusCode : a.error.code, b.ok ? b.data.statusCode : b.error.code];`}, &got))
		if fmt.Sprint(got.Result) != "[200 200]" {
			t.Errorf("script calls = %v, want both answered", got.Result)
		}
		wantCode(t, callTool(t, ctx, rs[2].cs, "invoke", map[string]any{"endpointId": id, "parameters": map[string]any{"username": "cyd"}}, nil), "rate_limit")
		if n := up.count("GET /api/v3/user/ada") + up.count("GET /api/v3/user/bob") + up.count("GET /api/v3/user/cyd"); n != 2 {
			t.Errorf("the API saw %d user calls, want the script's 2", n)
		}
	})

	t.Run("redis down, then back", func(t *testing.T) {
		redis.Stop()
		read := ids["GET /store/order/{orderId}"]
		// Reads: each replica's own cooldown decides.
		invokeOK(t, ctx, rs[0], read, map[string]any{"orderId": 1})
		wantCode(t, callTool(t, ctx, rs[0].cs, "invoke", map[string]any{"endpointId": read, "parameters": map[string]any{"orderId": 2}}, nil), "rate_limit")
		invokeOK(t, ctx, rs[1], read, map[string]any{"orderId": 3})
		// Writes with a cooldown: held back, nothing sent.
		before := up.count("POST /api/v3/store/order")
		res := callTool(t, ctx, rs[0].cs, "invoke", map[string]any{"endpointId": ids["POST /store/order"], "requestBody": order}, nil)
		wantCode(t, res, "rate_limit")
		if !strings.Contains(text(res), "unreachable") {
			t.Errorf("write refusal does not say why: %s", text(res))
		}
		if up.count("POST /api/v3/store/order") != before {
			t.Error("a write was sent while Redis was down")
		}
		if m := rs[0].metrics(t, ctx); !strings.Contains(m, "swag2mcp_limiter_redis_up 0") ||
			!strings.Contains(m, `swag2mcp_limiter_fallback_total{outcome="refused"} 1`) ||
			!strings.Contains(m, `swag2mcp_limiter_fallback_total{outcome="local"}`) {
			t.Errorf("metrics during the outage:\n%s", grepLines(m, "swag2mcp_limiter"))
		}
		if !rs[0].logged("redis limiter unreachable") {
			t.Errorf("no log line about the outage:\n%s", rs[0].logs())
		}

		if err := redis.Restart(ctx); err != nil {
			t.Fatal(err)
		}
		time.Sleep(1100 * time.Millisecond) // past the limiter's probe interval
		invokeOK(t, ctx, rs[0], ids["POST /store/order"], nil)
		res = callTool(t, ctx, rs[1].cs, "invoke", map[string]any{"endpointId": ids["POST /store/order"], "requestBody": order}, nil)
		wantCode(t, res, "rate_limit")
		if strings.Contains(text(res), "unreachable") {
			t.Errorf("replica 2 still falls back after Redis returned: %s", text(res))
		}
		if m := rs[0].metrics(t, ctx); !strings.Contains(m, "swag2mcp_limiter_redis_up 1") {
			t.Errorf("metrics after the outage:\n%s", grepLines(m, "swag2mcp_limiter"))
		}
		if !rs[0].logged("redis limiter reachable again") {
			t.Errorf("no log line about the recovery:\n%s", rs[0].logs())
		}
	})

	t.Run("Retry-After seen by one, honoured by all", func(t *testing.T) {
		up.throttle(30)
		res := callTool(t, ctx, rs[1].cs, "invoke", map[string]any{"endpointId": ids["GET /store/inventory"]}, nil)
		wantCode(t, res, "rate_limit")
		before := len(up.requests())
		for _, r := range []*replica{rs[0], rs[2]} {
			for _, call := range []struct {
				id   string
				args map[string]any
			}{{ids["GET /store/inventory"], nil}, {ids["GET /user/login"], map[string]any{"username": "ada", "password": "pw"}}} {
				res := callTool(t, ctx, r.cs, "invoke", map[string]any{"endpointId": call.id, "parameters": call.args}, nil)
				wantCode(t, res, "rate_limit")
				var e struct {
					Error struct{ RetryAfterSeconds, StatusCode int }
				}
				json.Unmarshal([]byte(text(res)), &e)
				if e.Error.StatusCode != 429 || e.Error.RetryAfterSeconds < 25 || e.Error.RetryAfterSeconds > 30 {
					t.Errorf("replica %d: %s", r.n, text(res))
				}
			}
		}
		if got := up.requests()[before:]; len(got) != 0 {
			t.Errorf("the API was called during its back-off: %v", got)
		}
	})
}

// scaleUpstream plays the petstore API: small answers, a large list for
// findByStatus, and on request 429 with Retry-After on every call.
type scaleUpstream struct {
	mu       sync.Mutex
	seen     []string // "METHOD /path"
	retryFor int      // seconds; 0: answer normally
}

func newScaleUpstream() *scaleUpstream { return &scaleUpstream{} }

func (u *scaleUpstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	u.mu.Lock()
	u.seen = append(u.seen, r.Method+" "+r.URL.Path)
	retry := u.retryFor
	u.mu.Unlock()
	if retry > 0 {
		w.Header().Set("Retry-After", fmt.Sprint(retry))
		w.WriteHeader(http.StatusTooManyRequests)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if strings.HasSuffix(r.URL.Path, "/pet/findByStatus") {
		pets := make([]map[string]any, 200)
		for i := range pets {
			pets[i] = map[string]any{"id": i, "name": fmt.Sprintf("pet-%d", i), "status": "available", "photoUrls": []string{}}
		}
		json.NewEncoder(w).Encode(pets)
		return
	}
	io.WriteString(w, `{"id":1,"name":"Rex","status":"available","photoUrls":[]}`)
}

func (u *scaleUpstream) throttle(seconds int) {
	u.mu.Lock()
	u.retryFor = seconds
	u.mu.Unlock()
}

func (u *scaleUpstream) requests() []string {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]string(nil), u.seen...)
}

func (u *scaleUpstream) count(what string) int {
	n := 0
	for _, s := range u.requests() {
		if s == what {
			n++
		}
	}
	return n
}

// replica is one server process and its client.
type replica struct {
	n   int
	url string // http://127.0.0.1:PORT/mcp
	cs  *mcp.ClientSession
	log lockedLog
}

// startReplica runs binary with --http on a free loopback port, sharing
// redisURL and workspace, and connects a Go SDK client to it.
func startReplica(t *testing.T, ctx context.Context, binary string, n int, redisURL, workspace, baseURL string) *replica {
	t.Helper()
	r := &replica{n: n}
	cmd := exec.Command(binary, "--http", "127.0.0.1:0", "--log-format", "json", "--redis", redisURL,
		"--workspace", workspace, "--max-response-size", "4KiB")
	cmd.Env = append(os.Environ(), "PETSTORE_BASE_URL="+baseURL, "PETSTORE_API_KEY=scale-key")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			fmt.Fprintln(&r.log, sc.Text())
			var line struct{ Msg, URL string }
			if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "serving MCP over streamable HTTP" {
				found <- line.URL
			}
		}
	}()
	select {
	case r.url = <-found:
	case <-time.After(30 * time.Second):
		t.Fatalf("replica %d did not start:\n%s", n, r.log.String())
	}
	client := mcp.NewClient(&mcp.Implementation{Name: fmt.Sprintf("scale-%d", n), Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: r.url, DisableStandaloneSSE: true, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatalf("replica %d: connect: %v", n, err)
	}
	t.Cleanup(func() { cs.Close() })
	r.cs = cs
	return r
}

// metrics fetches the replica's /metrics.
func (r *replica) metrics(t *testing.T, ctx context.Context) string {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(r.url, "/mcp")+"/metrics", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

func (r *replica) logs() string { return r.log.String() }

func (r *replica) logged(msg string) bool { return strings.Contains(r.log.String(), msg) }

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// order is the body of POST /store/order, the write the test makes.
var order = map[string]any{"petId": 1, "quantity": 1}

// invokeOK invokes id through r with parameters (or order as the body
// when params is nil) and wants a 2xx answer.
func invokeOK(t *testing.T, ctx context.Context, r *replica, id string, params map[string]any) {
	t.Helper()
	args := map[string]any{"endpointId": id}
	if params != nil {
		args["parameters"] = params
	} else {
		args["requestBody"] = order
	}
	var got struct{ StatusCode int }
	res := callTool(t, ctx, r.cs, "invoke", args, &got)
	if res.IsError || got.StatusCode/100 != 2 {
		t.Fatalf("replica %d: invoke %s = %s", r.n, id, text(res))
	}
}

// scaleIDs maps "METHOD /path" to endpoint ids through search.
func scaleIDs(t *testing.T, ctx context.Context, cs *mcp.ClientSession) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for _, q := range []string{"path:/pet*", "path:/store*", "path:/user*"} {
		var got struct {
			Endpoints []struct{ ID, Method, Path string }
		}
		ok(t, callTool(t, ctx, cs, "search", map[string]any{"query": q, "limit": 50}, &got))
		for _, e := range got.Endpoints {
			ids[e.Method+" "+e.Path] = e.ID
		}
	}
	for _, want := range []string{"GET /pet/{petId}", "GET /pet/findByStatus", "POST /store/order", "GET /store/inventory",
		"GET /store/order/{orderId}", "GET /user/{username}", "GET /user/login"} {
		if ids[want] == "" {
			t.Fatalf("search found no %s: %v", want, ids)
		}
	}
	return ids
}
