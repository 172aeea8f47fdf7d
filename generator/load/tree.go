package load

import (
	"bytes"
	"encoding/json"
	"runtime"
	"slices"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi/datamodel"
	"github.com/pb33f/libopenapi/utils"

	"github.com/swag2mcp/swag2mcp/generator/load/jsontree"
)

// readJSON reads a JSON spec on every core (jsontree) and returns
// libopenapi's document for it, or false when jsontree declines or the
// shortcut cannot promise libopenapi's own result: then the caller lets
// libopenapi read the file.
//
// libopenapi offers no way to hand it a parsed tree, so it reads a stub
// instead, holding only the values it looks up for the version, and its
// spec info then gets the real tree and the facts it derives from the
// bytes. TestReadJSONInfo compares every field with libopenapi's own read.
func readJSON(data []byte, cfg *datamodel.DocumentConfiguration) (libopenapi.Document, bool) {
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 {
		workers = 0 // reading alone is faster than handing off to one worker
	}
	root, ok := jsontree.Parse(data, workers)
	if !ok {
		return nil, false
	}
	stub, ok := versionStub(root)
	if !ok {
		return nil, false
	}
	ld, err := libopenapi.NewDocumentWithConfiguration(stub, cfg)
	if err != nil {
		return nil, false // libopenapi's own read reports it in its words
	}
	info := ld.GetSpecInfo()
	info.RootNode = root
	info.SpecBytes = &data
	info.NumLines = bytes.Count(data, []byte{'\n'}) + 1
	info.OriginalIndentation = utils.DetermineWhitespaceLengthBytes(data)
	return ld, true
}

// versionStub is a JSON object with the value libopenapi finds in root
// for each version key, found the way libopenapi finds it. It is false when
// a value is itself one of the keys, the one case where the lookup in the
// stub could find something else than in root.
func versionStub(root *yaml.Node) ([]byte, bool) {
	// The root entries libopenapi derives a spec's type and version from
	// (SpecInfo's SpecType, Version, SpecFormat, APISchema, Self).
	keys := []string{utils.OpenApi3, utils.OpenApi2, utils.AsyncApi, "$self"}
	stub := map[string]string{}
	for _, key := range keys {
		_, v := utils.FindKeyNode(key, root.Content)
		if v == nil {
			continue
		}
		if slices.Contains(keys, v.Value) {
			return nil, false
		}
		stub[key] = v.Value
	}
	b, err := json.Marshal(stub)
	return b, err == nil
}
