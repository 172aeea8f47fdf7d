// Command testsum runs `go test -json` with the given arguments, prints
// what a reader needs (each failed test's output, build failures, and one
// line per package), and ends with one summary line:
//
//	1234 passed, 0 failed, 5 skipped
//
// Its exit status is go test's. It is a few lines of our own rather than
// gotestsum because CI wants exactly that last line and no extra download.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action     string
	Package    string
	Test       string
	Output     string
	ImportPath string // build-output and build-fail events
}

func run(args []string, stdout, stderr io.Writer) int {
	cmd := exec.Command("go", append([]string{"test", "-json"}, args...)...)
	cmd.Stderr = stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(stderr, "testsum:", err)
		return 1
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(stderr, "testsum:", err)
		return 1
	}
	t := newTally(stdout)
	if err := t.read(pipe); err != nil {
		fmt.Fprintln(stderr, "testsum:", err)
	}
	err = cmd.Wait()
	fmt.Fprintln(stdout, t.summary())
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return ee.ExitCode()
	case err != nil:
		fmt.Fprintln(stderr, "testsum:", err)
		return 1
	case t.failed > 0:
		return 1
	}
	return 0
}

// tally counts test results and keeps each running test's output until
// it is known whether it failed.
type tally struct {
	out                     io.Writer
	passed, failed, skipped int
	pending                 map[string][]string // package/test → output lines
	build                   map[string][]string // import path → build output
	failedIn                map[string]int      // package → failed tests
}

func newTally(out io.Writer) *tally {
	return &tally{out: out, pending: map[string][]string{}, build: map[string][]string{}, failedIn: map[string]int{}}
}

// read consumes a stream of events. Lines that are not JSON (go vet's, a
// panic's) are printed as they come.
func (t *tally) read(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			fmt.Fprintln(t.out, sc.Text())
			continue
		}
		t.add(e)
	}
	return sc.Err()
}

func (t *tally) add(e event) {
	key := e.Package + "\x00" + e.Test
	switch e.Action {
	case "build-output":
		t.build[e.ImportPath] = append(t.build[e.ImportPath], e.Output)
	case "build-fail":
		fmt.Fprint(t.out, strings.Join(t.build[e.ImportPath], ""))
		delete(t.build, e.ImportPath)
	case "output":
		t.pending[key] = append(t.pending[key], e.Output)
	case "pass", "skip", "fail":
		lines := t.pending[key]
		delete(t.pending, key)
		if e.Test == "" {
			// The package's own verdict: print its ok/FAIL line (and, for a
			// failure without failed tests, such as a panic or a build
			// failure, what it printed).
			t.packageDone(e, lines)
			return
		}
		switch e.Action {
		case "pass":
			t.passed++
		case "skip":
			t.skipped++
		case "fail":
			t.failed++
			t.failedIn[e.Package]++
			fmt.Fprint(t.out, strings.Join(lines, ""))
		}
	}
}

// packageDone prints a package's closing lines: its ok/FAIL/? line, and
// everything it printed when it failed.
func (t *tally) packageDone(e event, lines []string) {
	if e.Action == "fail" {
		if t.failedIn[e.Package] == 0 {
			t.failed++ // a package that failed without a failing test: a build failure, a panic, a timeout
		}
		fmt.Fprint(t.out, strings.Join(lines, ""))
		return
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "ok ") || strings.HasPrefix(l, "?  ") || strings.HasPrefix(l, "--- ") {
			fmt.Fprint(t.out, l)
		}
	}
}

func (t *tally) summary() string {
	return fmt.Sprintf("%d passed, %d failed, %d skipped", t.passed, t.failed, t.skipped)
}
