package main

import (
	"strings"
	"testing"
)

func TestTally(t *testing.T) {
	stream := strings.Join([]string{
		`{"Action":"run","Package":"a","Test":"TestOK"}`,
		`{"Action":"output","Package":"a","Test":"TestOK","Output":"quiet\n"}`,
		`{"Action":"pass","Package":"a","Test":"TestOK"}`,
		`{"Action":"output","Package":"a","Test":"TestBad","Output":"    a_test.go:9: boom\n"}`,
		`{"Action":"fail","Package":"a","Test":"TestBad"}`,
		`{"Action":"skip","Package":"a","Test":"TestSkip"}`,
		`{"Action":"output","Package":"a","Output":"FAIL\ta\t0.1s\n"}`,
		`{"Action":"fail","Package":"a"}`,
		`{"Action":"output","Package":"b","Output":"ok  \tb\t0.2s\n"}`,
		`{"Action":"pass","Package":"b"}`,
		`{"Action":"build-output","ImportPath":"c [c.test]","Output":"c.go:1:1: syntax error\n"}`,
		`{"Action":"build-fail","ImportPath":"c [c.test]"}`,
		`{"Action":"output","Package":"c","Output":"FAIL\tc [build failed]\n"}`,
		`{"Action":"fail","Package":"c"}`,
		`# vet output that is not JSON`,
	}, "\n")
	var out strings.Builder
	tl := newTally(&out)
	if err := tl.read(strings.NewReader(stream)); err != nil {
		t.Fatal(err)
	}
	if got, want := tl.summary(), "1 passed, 2 failed, 1 skipped"; got != want {
		t.Errorf("summary %q, want %q (the build failure counts once, the failed package with a failed test does not)", got, want)
	}
	for _, want := range []string{"a_test.go:9: boom", "FAIL\ta", "ok  \tb", "c.go:1:1: syntax error", "# vet output"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "quiet") {
		t.Errorf("a passing test's output was printed:\n%s", out.String())
	}
}
