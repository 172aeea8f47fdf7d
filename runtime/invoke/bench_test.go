package invoke

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkDo compares one Do with the plain net/http call it makes: the
// same server, client and JSON decoding, without validation, serialization
// and response shaping.
func BenchmarkDo(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":1,"name":"rex","tags":["a","b"]}`)
	}))
	defer srv.Close()
	ctx := context.Background()

	b.Run("invoke", func(b *testing.B) {
		ep := listPets()
		c := NewClient(testCatalog(srv.URL+"/v2", getPet(), ep), ClientOptions{Getenv: noEnv, HTTPClient: srv.Client(), Limits: Limits{Cooldown: -1}})
		raw := map[string]json.RawMessage{"tags": json.RawMessage(`["a","b"]`), "limit": json.RawMessage(`10`)}
		b.ReportAllocs()
		for b.Loop() {
			in := &Input{Endpoint: &ep, Parameters: raw}
			if _, err := c.Do(ctx, in, anyStub); err != nil {
				b.Fatal(err)
			}
		}
	})

	b.Run("net/http", func(b *testing.B) {
		hc := srv.Client()
		target := srv.URL + "/v2/pets?tags=a&tags=b&limit=10"
		b.ReportAllocs()
		for b.Loop() {
			req, err := http.NewRequestWithContext(ctx, "GET", target, nil)
			if err != nil {
				b.Fatal(err)
			}
			req.Header.Set("Accept", "application/json, */*;q=0.8")
			resp, err := hc.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			data, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				b.Fatal(err)
			}
			var v any
			if err := json.Unmarshal(data, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
}
