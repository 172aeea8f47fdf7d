package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"time"

	"github.com/swag2mcp/swag2mcp/generator"
	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/generator/naming"
)

// Stages a spec goes through; a failure names the one it failed in.
const (
	stageGenerate = "generate" // generator.Generate returned an error
	stagePanic    = "panic"    // generator.Generate panicked
	stageBuild    = "build"    // go build of the generated module failed
	stageServe    = "mcp"      // the server failed initialize, tools/list, search, inspect or the refused invoke
)

// Result is the outcome of one case.
type Result struct {
	Case     Case
	Stage    string // "" when the case passed
	Err      string // first line of the error
	Located  bool   // Err starts with file:line:col:
	Warnings int    // warnings generation gave
	Warning  string // the first of them
	Tools    int    // tools the server listed
	Found    int    // endpoints search found
	Duration time.Duration
	Dir      string // output module, kept when the case failed
}

// Passed reports whether the case went through every stage.
func (r Result) Passed() bool { return r.Stage == "" }

// checker runs cases; its fields are read-only once it runs.
type checker struct {
	work       string        // folder for the generated modules
	runtimeDir string        // swag2mcp checkout for the go.mod replace; "" for the generator's default
	timeout    time.Duration // for all stages of one case
	limits     stepLimits
	keep       bool // keep the output of passing cases too
}

// stepLimits bound each stage, so no spec can hang a run.
type stepLimits struct {
	generate, build, step time.Duration // step: each MCP request, start-up included
}

// check generates, builds and starts the server of one case.
func (ck *checker) check(ctx context.Context, idx int, c Case) Result {
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, ck.timeout)
	defer cancel()

	dir := filepath.Join(ck.work, fmt.Sprintf("%03d-%s", idx, safeName(c.ID())))
	res := ck.stages(ctx, c, dir)
	res.Case = c
	res.Duration = time.Since(start)
	if errors.Is(ctx.Err(), context.DeadlineExceeded) && !res.Passed() {
		res.Err = fmt.Sprintf("timed out after %v: %s", ck.timeout, res.Err)
		res.Located = false
	}
	if res.Passed() && !ck.keep {
		os.RemoveAll(dir)
	} else if _, err := os.Stat(dir); err == nil {
		res.Dir = dir
	}
	return res
}

func (ck *checker) stages(ctx context.Context, c Case, dir string) Result {
	gctx, cancel := context.WithTimeout(ctx, ck.limits.generate)
	gen, err := generate(gctx, generator.Options{
		Specs:      []string{c.Path},
		OutDir:     dir,
		RuntimeDir: ck.runtimeDir,
	})
	timedOut := errors.Is(gctx.Err(), context.DeadlineExceeded)
	cancel()
	if err != nil {
		if timedOut {
			return Result{Stage: stageGenerate, Err: fmt.Sprintf("generation timed out after %v", ck.limits.generate)}
		}
		return generateFailure(err)
	}
	res := Result{Warnings: len(gen.Warnings)}
	if len(gen.Warnings) > 0 {
		res.Warning = gen.Warnings[0].String()
	}
	bin := filepath.Join(dir, "server.bin")
	bctx, cancel := context.WithTimeout(ctx, ck.limits.build)
	err = goBuild(bctx, dir, bin)
	timedOut = errors.Is(bctx.Err(), context.DeadlineExceeded)
	cancel()
	if err != nil {
		res.Stage, res.Err = stageBuild, err.Error()
		if timedOut {
			res.Err = fmt.Sprintf("build timed out after %v", ck.limits.build)
		}
		return res
	}
	tools, found, err := probe(ctx, bin, dir, naming.EnvPrefix(naming.Domain(c.Path)), gen.Endpoints, ck.limits.step)
	res.Tools, res.Found = tools, found
	if err != nil {
		res.Stage, res.Err = stageServe, err.Error()
		return res
	}
	return res
}

// panicError is a panic of the generator, caught.
type panicError struct {
	value any
	stack string
}

func (e *panicError) Error() string { return fmt.Sprintf("panic: %v", e.value) }

// generate runs generator.Generate and turns its panics into errors: a
// corpus run reports them rather than dying on the first one. When ctx
// ends first, generate returns without waiting for a generator that
// ignores ctx; that goroutine keeps running until it finishes.
func generate(ctx context.Context, opts generator.Options) (*generator.Result, error) {
	type outcome struct {
		res *generator.Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				done <- outcome{err: &panicError{v, string(debug.Stack())}}
			}
		}()
		res, err := generator.Generate(ctx, opts)
		if err == nil && res == nil {
			err = errors.New("generator returned neither result nor error")
		}
		done <- outcome{res, err}
	}()
	select {
	case o := <-done:
		return o.res, o.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// located matches a message that starts with file:line:col:.
var located = regexp.MustCompile(`^\S[^:]*:\d+:\d+: `)

// generateFailure describes an error of generate: its first line, and
// whether every error it holds is located.
func generateFailure(err error) Result {
	var p *panicError
	if errors.As(err, &p) {
		return Result{Stage: stagePanic, Err: p.Error() + " at " + panicSite(p.stack)}
	}
	var list diag.List
	if errors.As(err, &list) {
		r := Result{Stage: stageGenerate, Located: true}
		for _, d := range list {
			if d.Severity != diag.Error {
				continue
			}
			if r.Err == "" {
				r.Err = d.String()
			}
			if d.File == "" || d.Line == 0 || d.Col == 0 {
				r.Located = false
			}
		}
		if r.Err != "" {
			return r
		}
	}
	line := firstLine(err.Error())
	return Result{Stage: stageGenerate, Err: line, Located: located.MatchString(line)}
}

// panicSite picks the first frame of a debug.Stack dump that is not the
// runtime's or this file's own: where the generator panicked.
func panicSite(stack string) string {
	lines := strings.Split(stack, "\n")
	for i := 0; i+1 < len(lines); i++ {
		fn := lines[i]
		if strings.HasPrefix(fn, "runtime/") || strings.HasPrefix(fn, "panic(") ||
			strings.HasPrefix(fn, "main.") || strings.HasPrefix(fn, "goroutine ") {
			continue
		}
		if at := strings.TrimSpace(lines[i+1]); strings.HasPrefix(lines[i+1], "\t") {
			if j := strings.LastIndex(at, " +0x"); j > 0 {
				at = at[:j]
			}
			if k := strings.LastIndex(fn, "/"); k >= 0 {
				fn = fn[k+1:]
			}
			if k := strings.LastIndex(fn, "("); k > 0 {
				fn = fn[:k]
			}
			return fn + " (" + filepath.Base(at) + ")"
		}
	}
	return "unknown"
}

// goBuild builds the module in dir into bin with the default (shared)
// build and module caches. The binary is linked without symbol tables and
// DWARF (-s -w), which halves the link, the larger part of a build whose
// packages are cached; what compiles is the same.
func goBuild(ctx context.Context, dir, bin string) error {
	cmd := exec.CommandContext(ctx, "go", "build", "-ldflags=-s -w", "-o", bin, ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err == nil {
		return nil
	}
	if line := firstBuildError(string(out)); line != "" {
		return errors.New(line)
	}
	return err
}

// firstBuildError is the first line of go build output that is an error,
// skipping package headers and download notes.
func firstBuildError(out string) string {
	for l := range strings.SplitSeq(out, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "# ") || strings.HasPrefix(l, "go: downloading ") {
			continue
		}
		return l
	}
	return ""
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// safeName turns a case ID into a folder name.
func safeName(id string) string {
	var b bytes.Buffer
	for _, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}
