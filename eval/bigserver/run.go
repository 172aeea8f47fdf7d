package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/swag2mcp/swag2mcp/internal/machine"
)

// usage is what one child process cost.
type usage struct {
	wall    time.Duration
	peakRSS int64 // bytes; the largest of the process and the children it waited for
	user    time.Duration
	sys     time.Duration
	load    [2]float64 // the machine's 1-minute load average before and after
}

func (u usage) String() string {
	return fmt.Sprintf("%v wall, %v user+sys, peak RSS %d MB; load %.1f → %.1f",
		u.wall.Round(time.Millisecond), (u.user + u.sys).Round(time.Millisecond), u.peakRSS>>20, u.load[0], u.load[1])
}

// minFree is the machine memory below which a measured command is
// stopped (see guard); 0 turns the guard off.
type minFree int64

// timed runs name with args in dir and measures it; the command's stderr
// goes to errOut (its last lines are in the error when it fails). The
// command runs in its own process group, killed whole when the machine's
// available memory falls under free.
func timed(ctx context.Context, free minFree, env []string, dir string, errOut io.Writer, name string, args ...string) (usage, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	if len(env) > 0 {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var starved atomic.Int64
	if free > 0 {
		guard(ctx, int64(free), func(avail int64) { starved.Store(avail); cancel() })
	}
	var tail tailBuffer
	cmd.Stderr = io.MultiWriter(errOut, &tail)
	cmd.Stdout = errOut
	before := machine.LoadAvg()
	start := time.Now()
	err := cmd.Run()
	u := usage{wall: time.Since(start), load: [2]float64{before, machine.LoadAvg()}}
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			// Linux reports the largest resident set of the process and
			// of the descendants it waited for (the compiler under go build).
			u.peakRSS = ru.Maxrss << 10
			u.user = time.Duration(ru.Utime.Nano())
			u.sys = time.Duration(ru.Stime.Nano())
		}
	}
	if a := starved.Load(); a > 0 {
		return u, fmt.Errorf("%s %s: stopped after %v when the machine had %d MB available (peak RSS %d MB)",
			name, strings.Join(shortArgs(args), " "), u.wall.Round(time.Second), a>>20, u.peakRSS>>20)
	}
	if err != nil {
		return u, fmt.Errorf("%s %s: %w\n%s", name, strings.Join(shortArgs(args), " "), err, tail.String())
	}
	return u, nil
}

// shortArgs keeps an error message readable when hundreds of specs are passed.
func shortArgs(args []string) []string {
	if len(args) <= 6 {
		return args
	}
	return append(append([]string{}, args[:3]...), fmt.Sprintf("…(%d more)", len(args)-3))
}

// tailBuffer keeps the last 4 KiB written to it.
type tailBuffer struct{ b []byte }

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > 4096 {
		t.b = append([]byte{}, t.b[len(t.b)-4096:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string { return string(t.b) }

// genSize sums the generated files in dir: Go source (*_gen.go) and data
// (the other *_gen.* files, which the Go source embeds).
func genSize(dir string) (string, error) {
	var goFiles, dataFiles int
	var goBytes, dataBytes int64
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.Contains(d.Name(), "_gen.") {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if strings.HasSuffix(d.Name(), "_gen.go") {
			goFiles++
			goBytes += info.Size()
		} else {
			dataFiles++
			dataBytes += info.Size()
		}
		return nil
	})
	return fmt.Sprintf("%d Go files %.1f MB, %d data files %.1f MB", goFiles, mb(goBytes), dataFiles, mb(dataBytes)), err
}
