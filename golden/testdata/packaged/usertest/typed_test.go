// This test belongs to a throwaway user module (example.com/app) that holds
// the generated package petmcp: the golden and publication tests copy it
// there and run it. It calls two operations through the typed API against
// a local upstream, and one with a missing parameter.
package petmcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/client"

	"example.com/app/petmcp"
)

func TestTypedAPI(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.Path+" key="+r.Header.Get("api_key"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method == http.MethodGet && r.URL.Path == "/api/v3/pet/7":
			io.WriteString(w, `{"id":7,"name":"Rex","photoUrls":[],"status":"available"}`)
		case r.Method == http.MethodPost && r.URL.Path == "/api/v3/store/order":
			w.Write(body) // the order as placed
		default:
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"message":"no such path"}`)
		}
	}))
	defer upstream.Close()
	env := map[string]string{
		"PETSTORE_BASE_URL": upstream.URL + "/api/v3",
		"PETSTORE_API_KEY":  "secret-key",
		"SWAG2MCP_COOLDOWN": "0",
	}
	c, err := petmcp.NewClient(client.Options{Getenv: func(k string) string { return env[k] }})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	id := int64(7)
	res, err := c.GetPetByID(ctx, petmcp.GetPetByIDParams{PetID: &id})
	if err != nil {
		t.Fatalf("GetPetByID: %v", err)
	}
	var pet petmcp.Pet
	if err := res.Decode(&pet); err != nil || res.StatusCode != 200 || pet.Name != "Rex" || pet.ID == nil || *pet.ID != 7 {
		t.Errorf("GetPetByID = %d %s (%v); want 200 and Rex", res.StatusCode, res.Body, err)
	}

	status := "placed"
	order := &petmcp.Order{PetID: 7, Quantity: 2, Status: &status}
	res, err = c.PlaceOrder(ctx, petmcp.PlaceOrderParams{Body: order})
	if err != nil {
		t.Fatalf("PlaceOrder: %v", err)
	}
	var placed map[string]any
	if err := json.Unmarshal(res.Body, &placed); err != nil || placed["petId"] != 7.0 || placed["quantity"] != 2.0 || placed["status"] != "placed" {
		t.Errorf("PlaceOrder sent %s; want petId 7, quantity 2, status placed", res.Body)
	}
	if _, ok := placed["id"]; ok {
		t.Errorf("PlaceOrder sent an id the caller did not set: %s", res.Body)
	}

	// The runtime validates before sending: a missing path parameter is
	// refused with a stable code and nothing reaches the API.
	_, err = c.GetPetByID(ctx, petmcp.GetPetByIDParams{})
	var ce *client.Error
	if !errors.As(err, &ce) || ce.Code != "validation_failed" {
		t.Errorf("GetPetByID without petId: %v; want a validation_failed *client.Error", err)
	}

	mu.Lock()
	defer mu.Unlock()
	want := []string{"GET /api/v3/pet/7 key=secret-key", "POST /api/v3/store/order key=secret-key"}
	if len(seen) != len(want) || seen[0] != want[0] || seen[1] != want[1] {
		t.Errorf("the API saw %q; want %q", seen, want)
	}
}
