package machine

import (
	"runtime"
	"testing"
)

func TestLoadAvg(t *testing.T) {
	got := LoadAvg()
	if runtime.GOOS != "linux" {
		if got != -1 {
			t.Errorf("LoadAvg() = %v off Linux, want -1", got)
		}
		return
	}
	if got < 0 {
		t.Errorf("LoadAvg() = %v on Linux, want a load average ≥ 0", got)
	}
}
