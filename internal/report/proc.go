package main

import (
	"bytes"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"time"
)

// usage is what one finished process cost.
type usage struct {
	wall, cpu time.Duration // cpu: user + system, its children included
	rss       int64         // peak resident bytes of the largest process
}

// timed runs cmd and returns its cost. What cmd prints is kept out of
// the report and shown only when it fails.
func timed(cmd *exec.Cmd) (usage, error) {
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	start := time.Now()
	if err := cmd.Run(); err != nil {
		os.Stderr.Write(output.Bytes())
		return usage{}, err
	}
	u := usage{wall: time.Since(start).Round(time.Millisecond)}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		u.rss = ru.Maxrss << 10 // kilobytes on Linux
	}
	u.cpu = (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Round(time.Millisecond)
	return u, nil
}

// median is the middle run by wall time (its CPU and memory come with it).
func median(us []usage) usage {
	s := slices.Clone(us)
	slices.SortFunc(s, func(a, b usage) int { return int(a.wall - b.wall) })
	return s[len(s)/2]
}
