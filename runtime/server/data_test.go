package server

import (
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/service"
)

// Main opens the data file and passes its options on to NewService: the
// data must be decoded once, or a large server starts twice as slowly and
// holds two catalogs.
func TestDataDecodedOnce(t *testing.T) {
	data, err := catalog.Encode(testCatalog(), nil)
	if err != nil {
		t.Fatal(err)
	}
	opened, err := Options{Data: string(data)}.withData()
	if err != nil {
		t.Fatal(err)
	}
	if opened.Catalog == nil || opened.Searcher == nil {
		t.Fatal("withData: no catalog or searcher")
	}
	again, err := opened.withData()
	if err != nil {
		t.Fatal(err)
	}
	if again.Catalog != opened.Catalog {
		t.Error("withData decoded the data a second time")
	}
}

// A record of the data file that fails its checksum is found when its
// endpoint is first used: inspect, endpoint_by_id and invoke answer it
// with corrupt_data, a tool error that says to rebuild the server, and the
// other endpoints still serve.
func TestCorruptRecordIsToolError(t *testing.T) {
	data, err := catalog.Encode(testCatalog(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// The operationId is in the record itself; the summary is packed
	// with the other tails since data format 5.
	const opID = "getPetById"
	if strings.Count(string(data), opID) != 1 {
		t.Fatal("the operationId is not once in the data")
	}
	i := strings.Index(string(data), opID)
	data[i+3] ^= 0x01
	opts := testOptions(nil)
	opts.Catalog, opts.Data = nil, string(data)
	cs := connect(t, opts)
	for _, tool := range []string{"inspect", "endpoint_by_id", "invoke"} {
		args := map[string]any{"endpointId": idGetPet}
		if tool == "invoke" {
			args["parameters"] = map[string]any{"petId": 1}
		}
		got, isError := call(t, cs, tool, args)
		if code := errorCode(t, got, isError); code != service.CodeCorruptData {
			t.Fatalf("%s: code %q, answer %v; want corrupt_data", tool, code, got)
		}
		msg := got["error"].(map[string]any)["message"].(string)
		if !strings.Contains(msg, "fails its checksum") || !strings.Contains(msg, "build the server again") {
			t.Errorf("%s: message %q does not say what is wrong and what to do", tool, msg)
		}
	}
	if got, isError := call(t, cs, "inspect", map[string]any{"endpointId": idListPets}); isError {
		t.Errorf("inspect of a sound record: %v", got)
	}
}
