package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

// memAvailable is the machine's MemAvailable from /proc/meminfo, in bytes;
// -1 when it cannot be read (not Linux).
func memAvailable() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return -1
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemAvailable:" {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			if err != nil {
				return -1
			}
			return kb << 10
		}
	}
	return -1
}

// guard calls stop once the machine's available memory falls below minFree,
// checking every quarter second until ctx ends. The machine is shared: a
// benchmark that outgrows it must stop itself before the kernel's OOM
// killer picks some other process.
func guard(ctx context.Context, minFree int64, stop func(avail int64)) {
	go func() {
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if a := memAvailable(); a >= 0 && a < minFree {
					stop(a)
					return
				}
			}
		}
	}()
}

// guardSelf exits the process when memory runs short (for in-process stages).
func guardSelf(ctx context.Context, minFree int64, log io.Writer) {
	guard(ctx, minFree, func(avail int64) {
		fmt.Fprintf(log, "bigserver: stopped: machine has %d MB available, under -min-free; peak RSS of this process %d MB\n", avail>>20, peakRSS()>>20)
		os.Exit(3)
	})
}
