package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// Summary is what a corpus run adds up to.
type Summary struct {
	Total, Passed, Failed int
	Located               int               // failures with a located generation error
	WarnedSpecs, Warnings int               // passing or failing specs that gave warnings, and how many
	BySource              map[string][2]int // source → {passed, total}
}

// PassRate is the share of passing cases in percent.
func (s Summary) PassRate() float64 {
	if s.Total == 0 {
		return 0
	}
	return 100 * float64(s.Passed) / float64(s.Total)
}

// Met reports whether the corpus goal holds: every failure is a located
// generation error, and at least minPass percent of the cases pass.
func (s Summary) Met(minPass float64) bool {
	return s.Total > 0 && s.Located == s.Failed && s.PassRate() >= minPass
}

// summarize adds up results.
func summarize(results []Result) Summary {
	s := Summary{Total: len(results), BySource: map[string][2]int{}}
	for _, r := range results {
		src := s.BySource[r.Case.Source]
		src[1]++
		if r.Passed() {
			s.Passed++
			src[0]++
		} else {
			s.Failed++
			if r.Stage == stageGenerate && r.Located {
				s.Located++
			}
		}
		s.BySource[r.Case.Source] = src
		if r.Warnings > 0 {
			s.WarnedSpecs++
			s.Warnings += r.Warnings
		}
	}
	return s
}

// writeReport prints the summary, every failure with its first error line
// (and, with dirs, the folder its output was kept in), and the slowest
// cases. Results are listed by case ID. elapsed is this run's wall time;
// the case time added up covers the cases of earlier, resumed runs too.
func writeReport(w io.Writer, results []Result, minPass float64, elapsed time.Duration, dirs bool) error {
	results = append([]Result(nil), results...)
	sort.Slice(results, func(i, j int) bool { return results[i].Case.ID() < results[j].Case.ID() })
	s := summarize(results)

	var b strings.Builder
	var caseTime time.Duration
	for _, r := range results {
		caseTime += r.Duration
	}
	fmt.Fprintf(&b, "swag2mcp corpus: %d specs, %d passed, %d failed (%.2f%% pass) in %v (case time added up: %v)\n",
		s.Total, s.Passed, s.Failed, s.PassRate(), elapsed.Round(time.Second), caseTime.Round(time.Second))
	sources := make([]string, 0, len(s.BySource))
	for src := range s.BySource {
		sources = append(sources, src)
	}
	sort.Strings(sources)
	for _, src := range sources {
		n := s.BySource[src]
		fmt.Fprintf(&b, "  %-18s %4d/%d passed\n", src, n[0], n[1])
	}
	fmt.Fprintf(&b, "failures located (file:line:col): %d of %d\n", s.Located, s.Failed)
	fmt.Fprintf(&b, "warnings: %d in %d specs\n", s.Warnings, s.WarnedSpecs)
	verdict := "met"
	if !s.Met(minPass) {
		verdict = "NOT met"
	}
	fmt.Fprintf(&b, "goal (every failure located, >= %.1f%% pass): %s\n", minPass, verdict)

	if s.Failed > 0 {
		b.WriteString("\nfailures:\n")
		for _, r := range results {
			if r.Passed() {
				continue
			}
			kind := r.Stage
			if r.Stage == stageGenerate && !r.Located {
				kind += ", unlocated"
			}
			fmt.Fprintf(&b, "  %s [%s]\n    %s\n", r.Case.ID(), kind, r.Err)
			if dirs && r.Dir != "" {
				fmt.Fprintf(&b, "    output: %s\n", r.Dir)
			}
		}
	}

	if s.WarnedSpecs > 0 {
		b.WriteString("\nwarnings (first of each spec):\n")
		for _, r := range results {
			if r.Warnings > 0 {
				fmt.Fprintf(&b, "  %s (%d)\n    %s\n", r.Case.ID(), r.Warnings, r.Warning)
			}
		}
	}

	slow := append([]Result(nil), results...)
	sort.SliceStable(slow, func(i, j int) bool { return slow[i].Duration > slow[j].Duration })
	if len(slow) > 5 {
		slow = slow[:5]
	}
	if len(slow) > 0 {
		b.WriteString("\nslowest:\n")
		for _, r := range slow {
			fmt.Fprintf(&b, "  %8v %s\n", r.Duration.Round(100*time.Millisecond), r.Case.ID())
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
