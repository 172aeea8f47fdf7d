package service

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

// FuzzDecodeArgs decodes arbitrary bytes as the arguments of tools.call
// from a script (and of the MCP tools): the result is the arguments the
// caller sent, or one validation_failed error, never a panic. On success
// every member was a known argument, every healed pointer names an object
// argument sent as JSON text, and the string and raw arguments come
// through unchanged.
func FuzzDecodeArgs(f *testing.F) {
	for _, seed := range []string{
		`{"parameters":{"petId":1},"requestBody":{"name":"Rex"}}`,
		`{"parameters":"{\"petId\":1}","headers":"{\"X-A\":\"b\"}"}`,
		`{"mediaType":"text/plain","requestBody":"hi","cookies":{"sid":"x"}}`,
		`{"parameters":null,"requestBody":null}`,
		`{"endpointId":"x","parametres":{}}`,
		`{"headers":{"X-A":1},"mediaType":5}`,
		`[1,2]`, `"text"`, `null`, ``, `{"parameters":"[1]"}`, `{"parameters":"{"}`,
		`{"requestBody":` + string(bytes.Repeat([]byte("["), 5000)) + `}`,
	} {
		f.Add([]byte(seed))
	}
	known := []string{"cookies", "headers", "mediaType", "parameters", "requestBody"}
	objects := []string{"/cookies", "/headers", "/parameters"}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var in InvokeArgs
		healed, err := DecodeArgs(raw, &in)
		if err != nil {
			e := AsError(err)
			if e == nil || e.Code != CodeValidationFailed || e.Message == "" {
				t.Fatalf("DecodeArgs(%q) error %#v, want a validation_failed *Error with a message", raw, err)
			}
			return
		}
		var members map[string]json.RawMessage
		if json.Unmarshal(raw, &members) != nil {
			if trimmed := bytes.TrimSpace(raw); len(trimmed) != 0 && string(trimmed) != "null" {
				t.Fatalf("DecodeArgs(%q) accepted arguments that are not a JSON object", raw)
			}
			return
		}
		for name := range members {
			if !slices.Contains(known, name) {
				t.Fatalf("DecodeArgs(%q) accepted unknown argument %q", raw, name)
			}
		}
		for _, p := range healed {
			var text string
			if !slices.Contains(objects, p) || json.Unmarshal(members[p[1:]], &text) != nil {
				t.Fatalf("DecodeArgs(%q) healed %q, which is no object argument sent as text", raw, p)
			}
		}
		var mediaType string
		if v, ok := members["mediaType"]; ok && json.Unmarshal(v, &mediaType) == nil && mediaType != in.MediaType {
			t.Fatalf("mediaType %q came out as %q", mediaType, in.MediaType)
		}
		if v, ok := members["requestBody"]; ok && string(bytes.TrimSpace(v)) != "null" && !bytes.Equal(bytes.TrimSpace(v), bytes.TrimSpace(in.Body)) {
			t.Fatalf("requestBody %q came out as %q", v, in.Body)
		}
	})
}
