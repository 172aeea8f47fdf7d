package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// readUsage reads a usage thesaurus: lines "term alternative…", each
// alternative an everyday word people write for the API word term
// ("refund reimburse repay"); "#" starts a comment line. Every pair is
// returned once, term first. The search treats a pair as two words
// related in meaning, both ways, and only where an API lacks the word a
// query used (issue 11's twenty-third round measured it ungated: more
// recall, but operations sought by their own summary ranked lower).
func readUsage(file string) ([][2]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var pairs [][2]string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		for i, w := range fs {
			if !plainWord(w) || (i > 0 && w == fs[0]) {
				return nil, fmt.Errorf("%s:%d: %q: want lowercase words, each other than the term", file, n, w)
			}
		}
		for _, alt := range fs[1:] {
			pairs = append(pairs, [2]string{fs[0], alt})
		}
	}
	return pairs, sc.Err()
}
