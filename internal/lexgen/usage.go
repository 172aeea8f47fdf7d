package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// usageLine is one line of a usage thesaurus: an API word and the
// everyday words people write for it (none for a word that has no good
// one).
type usageLine struct {
	term string
	alts []string
}

// readUsage reads a usage thesaurus: lines "term alternative…", each
// alternative an everyday word people write for the API word term
// ("refund reimburse repay"); "#" starts a comment line. The lines are
// returned in the file's order. The search treats a term and an
// alternative as two words
// related in meaning, both ways, and only where an API lacks the word a
// query used (issue 11's twenty-third round measured it ungated: more
// recall, but operations sought by their own summary ranked lower).
func readUsage(file string) ([]usageLine, error) {
	lines, err := readLines(file, func(i int, w string) bool { return plainWord(w) })
	if err != nil {
		return nil, fmt.Errorf("%w (want lowercase words)", err)
	}
	return lines, nil
}

// readLines reads a thesaurus's lines "term alternative…", skipping "#"
// comment lines: valid checks each word by its place on the line (0 is the
// term), and no alternative may repeat the term.
func readLines(file string, valid func(i int, w string) bool) ([]usageLine, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []usageLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		for i, w := range fs {
			if !valid(i, w) || (i > 0 && w == fs[0]) {
				return nil, fmt.Errorf("%s:%d: %q: not a word of its place, or an alternative that repeats the term", file, n, w)
			}
		}
		lines = append(lines, usageLine{term: fs[0], alts: fs[1:]})
	}
	return lines, sc.Err()
}
