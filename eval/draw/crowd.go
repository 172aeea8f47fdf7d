package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// crowdOps is how many lowered operations the distractor crowd reaches at
// least: Microsoft Graph's size (11,422), so a tuning API searched inside
// the crowd meets the term statistics of a giant API.
const crowdOps = 11422

// crowdSalt makes the crowd's order independent of the draw's.
const crowdSalt = "/crowd"

// drawCrowd chooses the distractor specs eval's -stress crowd merges into
// every tuning API: the draw's population in drawKey(seed+"/crowd") order,
// less every provider a query set uses (so no API of either half, nor a
// sibling of one, is in it), one spec per provider, until the lowered
// operations reach crowdOps.
func drawCrowd(cands []candidate, used map[string]bool, seed string, lower lowerFunc) []verdict {
	order := make([]candidate, len(cands))
	for i, c := range cands {
		c.hash = drawKey(seed+crowdSalt, c.rel)
		order[i] = c
	}
	sortByHash(order)
	var out []verdict
	providers := map[string]bool{}
	total := 0
	for _, c := range order {
		if total >= crowdOps {
			break
		}
		v := verdict{candidate: c}
		switch p := provider(c.rel); {
		case used[p]:
			v.why = "provider " + p + " has a query set"
		case providers[p]:
			v.why = "provider " + p + " already in the crowd"
		default:
			if v = lowered(c, lower); v.chosen {
				providers[p] = true
				total += v.endpoints
			}
		}
		out = append(out, v)
	}
	return out
}

// writeCrowd writes the crowd file eval reads: one chosen spec path below
// api/ a line, after a header of # comments that records the rule and
// every verdict.
func writeCrowd(file, seed string, vs []verdict) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Distractor specs of eval's -stress crowd (written by eval/draw: cd eval && go run ./draw)\n")
	fmt.Fprintf(&b, "# seed: %s%s; population as in draw.txt, in that seed's SHA-256 order;\n", seed, crowdSalt)
	fmt.Fprintf(&b, "# skipped: providers of any query set, a provider's second spec; until >= %d lowered operations.\n", crowdOps)
	total := 0
	for _, v := range vs {
		if v.chosen {
			total += v.endpoints
			fmt.Fprintf(&b, "# %-6d %-40s in the crowd\n", v.endpoints, v.rel)
		} else {
			fmt.Fprintf(&b, "# %-6s %-40s skipped: %s\n", "-", v.rel, v.why)
		}
	}
	fmt.Fprintf(&b, "# %d operations in all\n", total)
	for _, v := range vs {
		if v.chosen {
			fmt.Fprintln(&b, v.rel)
		}
	}
	return os.WriteFile(file, []byte(b.String()), 0o644)
}

// logCrowd says what the crowd holds.
func logCrowd(w io.Writer, file string, vs []verdict) {
	n, ops := 0, 0
	for _, v := range vs {
		if v.chosen {
			n++
			ops += v.endpoints
		}
	}
	fmt.Fprintf(w, "crowd: %d specs, %d operations; wrote %s\n", n, ops, file)
}
