package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// useDir is where scripts/fetch-lexicon.sh installs the Universal Sentence
// Encoder lite packages, under the cache folder.
const useDir = "use"

// useEmbedder returns a function that embeds words with the Universal
// Sentence Encoder lite by running script (scripts/embed-words.js) under
// Node with the packages in cache/use. The table it writes is kept in
// cache/use/embedded.txt and read back while it holds every word asked
// for, since embedding 20,000 words takes minutes.
func useEmbedder(cache, script string) func([]string) (map[string][]float64, error) {
	return func(words []string) (map[string][]float64, error) {
		saved := filepath.Join(cache, useDir, "embedded.txt")
		if data, err := os.ReadFile(saved); err == nil {
			if vecs, err := parseEmbedded(data); err == nil && holdsAll(vecs, words) {
				return vecs, nil
			}
		}
		cmd := exec.Command("node", script)
		cmd.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(cache, useDir, "node_modules"))
		cmd.Stdin = strings.NewReader(strings.Join(words, "\n") + "\n")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("node %s: %w: %s", script, err, stderr.String())
		}
		vecs, err := parseEmbedded(out)
		if err != nil {
			return nil, fmt.Errorf("node %s: %w", script, err)
		}
		if !holdsAll(vecs, words) {
			return nil, fmt.Errorf("node %s: embedded %d of %d words", script, len(vecs), len(words))
		}
		return vecs, os.WriteFile(saved, out, 0o644)
	}
}

// parseEmbedded reads lines "word v1 v2 …", all of one length.
func parseEmbedded(data []byte) (map[string][]float64, error) {
	vecs := map[string][]float64{}
	dims := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 {
			return nil, fmt.Errorf("line %d: no values", len(vecs)+1)
		}
		if dims == 0 {
			dims = len(fields) - 1
		}
		if len(fields)-1 != dims {
			return nil, fmt.Errorf("line %d: %d values, want %d", len(vecs)+1, len(fields)-1, dims)
		}
		v := make([]float64, dims)
		for i, f := range fields[1:] {
			x, err := strconv.ParseFloat(f, 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", len(vecs)+1, err)
			}
			v[i] = x
		}
		vecs[fields[0]] = v
	}
	return vecs, sc.Err()
}

// holdsAll reports whether vecs has every word.
func holdsAll(vecs map[string][]float64, words []string) bool {
	for _, w := range words {
		if _, ok := vecs[w]; !ok {
			return false
		}
	}
	return true
}
