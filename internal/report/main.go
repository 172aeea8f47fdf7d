// Command report measures the foundation's size and speed goals on one
// spec (GitHub's REST spec in `make report`): generation time and peak
// memory, build time of the generated server with dependencies compiled,
// binary size, tools/list size, and the time from spawning the server to
// its first tools/list answer. It prints one line per figure.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gen := fs.String("swag2mcp", "bin/swag2mcp", "generator binary")
	spec := fs.String("spec", "", "spec to measure")
	work := fs.String("work", ".cache/report", "work folder (wiped)")
	spawns := fs.Int("spawns", 20, "server starts to time")
	if err := fs.Parse(args); err != nil || *spec == "" {
		fmt.Fprintln(stderr, "usage: report -spec FILE [-swag2mcp bin/swag2mcp] [-work DIR] [-spawns N]")
		return 2
	}
	if err := measure(*gen, *spec, *work, *spawns, stdout); err != nil {
		fmt.Fprintln(stderr, "report:", err)
		return 1
	}
	return 0
}

func measure(gen, spec, work string, spawns int, out io.Writer) error {
	if err := os.RemoveAll(work); err != nil {
		return err
	}
	mod := filepath.Join(work, "server")
	fmt.Fprintf(out, "spec                 %s\n", spec)

	d, rss, err := timed(exec.Command(gen, "gen", spec, "-o", mod, "--runtime", "."))
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	fmt.Fprintf(out, "generate             %v, peak RSS %d MB\n", d.Round(time.Millisecond), rss>>20)

	build := exec.Command("go", "build", "-o", "server", ".")
	build.Dir = mod
	d, rss, err = timed(build)
	if err != nil {
		return fmt.Errorf("go build: %w", err)
	}
	fmt.Fprintf(out, "go build             %v, peak RSS %d MB (dependencies already compiled)\n", d.Round(time.Millisecond), rss>>20)

	bin, _ := filepath.Abs(filepath.Join(mod, "server"))
	st, err := os.Stat(bin)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "binary               %.1f MB\n", float64(st.Size())/(1<<20))

	var times []time.Duration
	var listBytes int
	for range spawns {
		d, n, err := firstToolsList(bin)
		if err != nil {
			return err
		}
		times = append(times, d)
		listBytes = n
	}
	slices.Sort(times)
	fmt.Fprintf(out, "tools/list           %d bytes\n", listBytes)
	fmt.Fprintf(out, "spawn → tools/list   median %v, max %v over %d starts\n",
		times[len(times)/2].Round(100*time.Microsecond), times[len(times)-1].Round(100*time.Microsecond), len(times))
	return nil
}

// timed runs cmd and returns its wall time and peak resident memory.
func timed(cmd *exec.Cmd) (time.Duration, int64, error) {
	cmd.Stderr = os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, 0, err
	}
	d := time.Since(start)
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss << 10 // kilobytes on Linux
	}
	return d, rss, nil
}

// firstToolsList starts the server and speaks raw JSON-RPC over stdio:
// initialize, initialized, tools/list. It returns the time from spawn to the
// tools/list answer and that answer's size in bytes.
func firstToolsList(bin string) (time.Duration, int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return 0, 0, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, 0, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, err
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	lines := bufio.NewReaderSize(stdout, 1<<20)
	send := func(msg string) error { _, err := io.WriteString(stdin, msg+"\n"); return err }
	if err := send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"report","version":"1"}}}`); err != nil {
		return 0, 0, err
	}
	if _, err := readReply(lines, 1); err != nil {
		return 0, 0, fmt.Errorf("initialize: %w", err)
	}
	if err := send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`); err != nil {
		return 0, 0, err
	}
	if err := send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); err != nil {
		return 0, 0, err
	}
	reply, err := readReply(lines, 2)
	if err != nil {
		return 0, 0, fmt.Errorf("tools/list: %w", err)
	}
	return time.Since(start), len(reply), nil
}

// readReply reads lines until the response with the given id.
func readReply(r *bufio.Reader, id int) ([]byte, error) {
	for {
		line, err := r.ReadBytes('\n')
		if err != nil {
			return nil, err
		}
		var msg struct {
			ID    *int            `json:"id"`
			Error json.RawMessage `json:"error"`
		}
		if json.Unmarshal(line, &msg) != nil || msg.ID == nil || *msg.ID != id {
			continue
		}
		if msg.Error != nil {
			return nil, errors.New(string(msg.Error))
		}
		return line, nil
	}
}
