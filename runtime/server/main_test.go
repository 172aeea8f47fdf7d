package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestMainFlags(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout []string // substrings
		wantStderr []string // substrings
	}{
		{name: "version", args: []string{"--version"}, wantCode: 0, wantStdout: []string{"petstore-mcp v1.2.3\n"}},
		{name: "help", args: []string{"--help"}, wantCode: 0, wantStdout: []string{
			"petstore-mcp v1.2.3 is an MCP server for Petstore", "Usage:", "--version", "--log-level",
			"X_BASE_URL", `(default "https://petstore.example/v1")`, "X_API_KEY",
		}},
		{name: "short help", args: []string{"-h"}, wantCode: 0, wantStdout: []string{"Usage:"}},
		{name: "bad flag", args: []string{"--nope"}, wantCode: 2, wantStderr: []string{"flag provided but not defined: -nope", "--help"}},
		{name: "positional argument", args: []string{"serve"}, wantCode: 2, wantStderr: []string{`unexpected argument "serve"`}},
		{name: "bad log level", args: []string{"--log-level", "loud"}, wantCode: 2, wantStderr: []string{`invalid --log-level: "loud" is not debug, info, warn or error`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			opts := testOptions(nil)
			opts.Args = tt.args
			opts.Stdin = strings.NewReader("")
			opts.Stdout, opts.Stderr = &stdout, &stderr
			if code := Main(opts); code != tt.wantCode {
				t.Errorf("Main = %d, want %d; stderr:\n%s", code, tt.wantCode, stderr.String())
			}
			for _, s := range tt.wantStdout {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
				}
			}
			if tt.wantStdout == nil && stdout.Len() > 0 {
				t.Errorf("stdout = %q, want empty", stdout.String())
			}
			for _, s := range tt.wantStderr {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
				}
			}
		})
	}
}

func TestMainBadCatalog(t *testing.T) {
	var stdout, stderr bytes.Buffer
	opts := testOptions(nil)
	opts.Stubs = opts.Stubs[:1]
	opts.Stdin, opts.Stdout, opts.Stderr = strings.NewReader(""), &stdout, &stderr
	if code := Main(opts); code != 1 {
		t.Errorf("Main = %d, want 1", code)
	}
	if !strings.Contains(stderr.String(), "5 endpoints but 1 stubs") {
		t.Errorf("stderr lacks the cause:\n%s", stderr.String())
	}
	if stdout.Len() > 0 {
		t.Errorf("stdout = %q, want empty", stdout.String())
	}
}

// TestMainServesStdio runs Main as a generated server would and checks
// that a client can use it and that stdout carries only JSON-RPC.
func TestMainServesStdio(t *testing.T) {
	srv := upstream(t)
	clientR, serverW := io.Pipe()
	serverR, clientW := io.Pipe()
	var stdout bytes.Buffer // a copy of everything Main writes to stdout
	var stderr bytes.Buffer
	opts := testOptions(map[string]string{"X_BASE_URL": srv.URL})
	opts.Args = []string{"--log-level", "debug"}
	opts.Stdin = serverR
	opts.Stdout = io.MultiWriter(serverW, &stdout)
	opts.Stderr = &stderr
	exit := make(chan int, 1)
	go func() {
		exit <- Main(opts)
		serverW.Close()
	}()

	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.IOTransport{Reader: clientR, Writer: clientW}, nil)
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	got, isErr := call(t, cs, "invoke", map[string]any{
		"endpointId": idGetPet, "parameters": map[string]any{"petId": 1},
		"headers": map[string]any{"X-Api-Key": "top-secret", "X-Extra": "visible"},
	})
	if isErr {
		t.Fatalf("invoke failed: %v", got)
	}
	cs.Close()
	if code := <-exit; code != 0 {
		t.Errorf("Main = %d, want 0; stderr:\n%s", code, stderr.String())
	}

	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var msg struct {
			JSONRPC string `json:"jsonrpc"`
		}
		if err := json.Unmarshal(sc.Bytes(), &msg); err != nil || msg.JSONRPC != "2.0" {
			t.Errorf("stdout line is not JSON-RPC: %s", sc.Text())
		}
	}
	logs := stderr.String()
	if strings.Contains(logs, "top-secret") {
		t.Errorf("logs leak a secret header:\n%s", logs)
	}
	for _, s := range []string{"msg=invoke", "X-Api-Key=***", "X-Extra=visible", "status=200"} {
		if !strings.Contains(logs, s) {
			t.Errorf("logs lack %q:\n%s", s, logs)
		}
	}
}

// TestMainStdioMetricsAndJSONLogs runs Main over stdio with --log-format
// json and --metrics-addr: every log line on stderr is a JSON object, the
// audit line carries the call's fields, and /metrics on the separate
// address counts the call.
func TestMainStdioMetricsAndJSONLogs(t *testing.T) {
	srv := upstream(t)
	clientR, serverW := io.Pipe()
	serverR, clientW := io.Pipe()
	logR, logW := io.Pipe()
	opts := testOptions(map[string]string{"X_BASE_URL": srv.URL})
	opts.Args = []string{"--log-format", "json", "--metrics-addr", "127.0.0.1:0"}
	opts.Stdin, opts.Stdout, opts.Stderr = serverR, serverW, logW
	exit := make(chan int, 1)
	go func() {
		exit <- Main(opts)
		serverW.Close()
		logW.Close()
	}()
	lines := make(chan map[string]any, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(logR)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Errorf("log line is not JSON: %s", sc.Text())
				continue
			}
			lines <- m
		}
	}()
	var metricsURL string
	for m := range lines {
		if m["msg"] == "serving metrics" {
			metricsURL, _ = m["url"].(string)
			break
		}
	}
	if metricsURL == "" {
		t.Fatal("no metrics address logged")
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.IOTransport{Reader: clientR, Writer: clientW}, nil)
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	if got, isErr := call(t, cs, "invoke", map[string]any{"endpointId": idGetPet, "parameters": map[string]any{"petId": 1}}); isErr {
		t.Fatalf("invoke: %v", got)
	}
	resp, err := http.Get(metricsURL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{`swag2mcp_tool_calls_total{outcome="ok",tool="invoke"} 1`, `swag2mcp_invoke_duration_seconds_count{operation="getPetById"} 1`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	var audit map[string]any
	for m := range lines {
		if m["msg"] == "invoke" {
			audit = m
			break
		}
	}
	cs.Close()
	go func() {
		for range lines {
		}
	}()
	if code := <-exit; code != 0 {
		t.Errorf("Main = %d, want 0", code)
	}
	if audit["operation"] != "getPetById" || audit["status"] != 200.0 || audit["level"] != "INFO" {
		t.Errorf("audit line = %v", audit)
	}
}

// TestMainHTTPSignal runs Main with --http as a generated server would,
// sends the process SIGTERM once it serves, and expects exit 0.
func TestMainHTTPSignal(t *testing.T) {
	logR, logW := io.Pipe()
	opts := testOptions(nil)
	opts.Args = []string{"--http", "127.0.0.1:0", "--log-format", "json"}
	opts.Stdout, opts.Stderr = io.Discard, logW
	exit := make(chan int, 1)
	go func() {
		exit <- Main(opts)
		logW.Close()
	}()
	sc := bufio.NewScanner(logR)
	var url string
	for url == "" && sc.Scan() {
		var line struct{ Msg, URL string }
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "serving MCP over streamable HTTP" {
			url = line.URL
		}
	}
	go io.Copy(io.Discard, logR)
	if url == "" {
		t.Fatal("Main did not log its address")
	}
	resp, err := http.Get(strings.TrimSuffix(url, "/mcp") + "/healthz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("/healthz: %v %v", resp, err)
	}
	resp.Body.Close()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exit:
		if code != 0 {
			t.Errorf("Main = %d after SIGTERM, want 0", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Main did not return after SIGTERM")
	}
}
