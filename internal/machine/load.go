// Package machine reads what the reports and benchmarks say about the
// machine they ran on. The machines are shared: every figure comes with
// the load it was measured under.
package machine

import (
	"fmt"
	"os"
)

// LoadAvg is the 1-minute load average; -1 when it cannot be read (not
// Linux).
func LoadAvg() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	var one float64
	if _, err := fmt.Sscan(string(data), &one); err != nil {
		return -1
	}
	return one
}
