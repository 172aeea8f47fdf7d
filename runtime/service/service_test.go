package service

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// petCatalog has GET /pets/{petId} (index 0) and DELETE /pets/{petId}
// (index 1); its base URL comes from X_BASE_URL.
func petCatalog() (*catalog.Catalog, []invoke.Stub) {
	cat := &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "pets", EnvPrefix: "X", Title: "Pets"}},
		Collections: []catalog.Collection{{ID: "c", Title: "Pets"}},
		Tags:        []catalog.Tag{{ID: "t", Name: "pet"}},
		Endpoints: []catalog.Endpoint{
			{ID: "00000000000000000000000000000001", Method: "GET", Path: "/pets/{petId}", OperationID: "getPet",
				Params: []catalog.Param{{Name: "petId", In: "path", Required: true}},
				InputSchema: `{"type":"object","properties":{"parameters":{"type":"object","properties":{"petId":{"type":"integer"}},` +
					`"required":["petId"],"additionalProperties":false}}}`},
			{ID: "00000000000000000000000000000002", Method: "DELETE", Path: "/pets/{petId}", OperationID: "deletePet",
				Params: []catalog.Param{{Name: "petId", In: "path", Required: true}}},
		},
	}
	stub := func(in *invoke.Input) (*invoke.Request, error) {
		var id int64
		invoke.Decode(in, "petId", &id)
		if err := in.Err(); err != nil {
			return nil, err
		}
		r := invoke.NewRequest(in)
		r.Param("petId", id)
		return r, nil
	}
	return cat, []invoke.Stub{stub, stub}
}

// upstream answers every request with a pet and records "METHOD path".
type upstream struct {
	mu   sync.Mutex
	seen []string
	url  string
}

func newUpstream(t *testing.T) *upstream {
	u := &upstream{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u.mu.Lock()
		u.seen = append(u.seen, r.Method+" "+r.URL.Path)
		u.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":7}`)
	}))
	t.Cleanup(srv.Close)
	u.url = srv.URL
	return u
}

func (u *upstream) requests() []string {
	u.mu.Lock()
	defer u.mu.Unlock()
	out := u.seen
	u.seen = nil
	return out
}

// askerFunc adapts a function to Asker.
type askerFunc func(context.Context, Prompt) (Answer, error)

func (f askerFunc) Ask(ctx context.Context, p Prompt) (Answer, error) { return f(ctx, p) }

// TestInvokeFromGo: a Go caller (as a generated typed function would)
// builds the service from a Config without flags and invokes endpoints by
// index and by id; validation, read-only mode, confirmation and the audit
// line apply exactly as for the invoke tool.
func TestInvokeFromGo(t *testing.T) {
	up := newUpstream(t)
	cat, stubs := petCatalog()
	petID := map[string]json.RawMessage{"petId": json.RawMessage(`7`)}
	tests := []struct {
		name      string
		mutate    func(*config.Config)
		req       InvokeRequest
		wantCode  string
		wantSent  []string
		wantAudit string // substring of the audit line; "" for none
	}{
		{name: "by index", req: InvokeRequest{Endpoint: ByIndex(0), Args: InvokeArgs{Parameters: petID}},
			wantSent: []string{"GET /pets/7"}, wantAudit: `"operation":"getPet","confirmation":"not_needed","status":200`},
		{name: "by id", req: InvokeRequest{Endpoint: ByID(cat.Endpoints[0].ID), Args: InvokeArgs{Parameters: petID}},
			wantSent: []string{"GET /pets/7"}},
		{name: "validation", req: InvokeRequest{Endpoint: ByIndex(0), Args: InvokeArgs{Parameters: map[string]json.RawMessage{"petId": json.RawMessage(`"x"`)}}},
			wantCode: CodeValidationFailed},
		{name: "unknown index", req: InvokeRequest{Endpoint: ByIndex(9)}, wantCode: CodeNotFound},
		{name: "no endpoint named", req: InvokeRequest{}, wantCode: CodeValidationFailed},
		{name: "read-only", mutate: func(c *config.Config) { c.ReadOnly = true },
			req: InvokeRequest{Endpoint: ByIndex(1), Args: InvokeArgs{Parameters: petID}}, wantCode: CodeReadOnly, wantAudit: `"refused":"read_only"`},
		{name: "always confirm, nobody to ask", mutate: func(c *config.Config) { c.Confirm = config.ConfirmAlways },
			req: InvokeRequest{Endpoint: ByIndex(1), Args: InvokeArgs{Parameters: petID}}, wantCode: CodeNotConfirmed},
		{name: "auto, nobody to ask: sent", req: InvokeRequest{Endpoint: ByIndex(1), Args: InvokeArgs{Parameters: petID}},
			wantSent: []string{"DELETE /pets/7"}, wantAudit: `"confirmation":"not_asked"`},
		{name: "declined", req: InvokeRequest{Endpoint: ByIndex(1), Args: InvokeArgs{Parameters: petID},
			Ask: askerFunc(func(context.Context, Prompt) (Answer, error) { return Declined, nil })}, wantCode: CodeNotConfirmed,
			wantAudit: `"confirmation":"declined"`},
		{name: "accepted", req: InvokeRequest{Endpoint: ByIndex(1), Args: InvokeArgs{Parameters: petID},
			Ask: askerFunc(func(_ context.Context, p Prompt) (Answer, error) {
				if !strings.Contains(p.Message, "DELETE /pets/{petId}") {
					return Declined, nil
				}
				return Accepted, nil
			})}, wantSent: []string{"DELETE /pets/7"}, wantAudit: `"confirmation":"accepted"`},
		{name: "asked out of band", req: InvokeRequest{Endpoint: ByIndex(1), Args: InvokeArgs{Parameters: petID},
			Ask: askerFunc(func(context.Context, Prompt) (Answer, error) { return 0, ErrAskPending })}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := config.Default()
			cfg.Cooldown = 0
			cfg.Workspace = t.TempDir()
			if tt.mutate != nil {
				tt.mutate(&cfg)
			}
			var audit bytes.Buffer
			svc, err := New(Options{Catalog: cat, Stubs: stubs, Config: &cfg, AuditWriter: &audit,
				Getenv: func(k string) string { return map[string]string{"X_BASE_URL": up.url}[k] }})
			if err != nil {
				t.Fatal(err)
			}
			res, err := svc.Invoke(context.Background(), tt.req)
			switch {
			case tt.name == "asked out of band":
				if !errors.Is(err, ErrAskPending) || audit.Len() > 0 {
					t.Errorf("err = %v, audit %q; want ErrAskPending and no audit line", err, audit.String())
				}
			case tt.wantCode != "":
				if e := AsError(err); e == nil || e.Code != tt.wantCode {
					t.Errorf("err = %v, want code %s", err, tt.wantCode)
				}
			case err != nil || res.StatusCode != 200:
				t.Errorf("Invoke = %+v, %v", res, err)
			}
			if diff := cmp.Diff(tt.wantSent, up.requests()); diff != "" {
				t.Errorf("sent (-want +got):\n%s", diff)
			}
			if !strings.Contains(audit.String(), tt.wantAudit) {
				t.Errorf("audit line %q lacks %q", audit.String(), tt.wantAudit)
			}
		})
	}
}

// TestDecodeArgs: the one decoder of tool arguments lists every problem,
// heals an object sent as JSON text, and leaves nulls unset.
func TestDecodeArgs(t *testing.T) {
	type args struct {
		EndpointID string `json:"endpointId"`
		Limit      int    `json:"limit"`
		InvokeArgs
	}
	tests := []struct {
		name       string
		raw        string
		want       args
		wantHealed []string
		wantErr    string
	}{
		{name: "empty", raw: ``},
		{name: "null", raw: `null`},
		{name: "values", raw: `{"endpointId":"e","limit":3,"parameters":{"a":1},"headers":{"X":"y"}}`,
			want: args{EndpointID: "e", Limit: 3, InvokeArgs: InvokeArgs{Parameters: map[string]json.RawMessage{"a": json.RawMessage(`1`)},
				Headers: map[string]string{"X": "y"}}}},
		{name: "null member", raw: `{"endpointId":null}`},
		{name: "healed", raw: `{"parameters":"{\"a\":1}"}`, want: args{InvokeArgs: InvokeArgs{Parameters: map[string]json.RawMessage{"a": json.RawMessage(`1`)}}},
			wantHealed: []string{"/parameters"}},
		{name: "every problem", raw: `{"limit":"x","endpointId":1,"nope":2,"headers":{"a":1}}`,
			wantErr: `endpointId must be a string; headers must be an object of strings; limit must be an integer; unknown argument "nope" (this tool takes cookies, endpointId, headers, limit, mediaType, parameters, requestBody)`},
		{name: "not an object", raw: `[1]`, wantErr: "arguments must be a JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got args
			healed, err := DecodeArgs(json.RawMessage(tt.raw), &got)
			if tt.wantErr != "" {
				if e := AsError(err); e == nil || e.Code != CodeValidationFailed || e.Message != tt.wantErr {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("args (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantHealed, healed); diff != "" {
				t.Errorf("healed (-want +got):\n%s", diff)
			}
		})
	}
}
