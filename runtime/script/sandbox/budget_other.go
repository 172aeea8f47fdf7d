//go:build !linux

package sandbox

import (
	"errors"
	"os"
	"syscall"
)

// isolated: on this system scripts run in the server's process, bounded
// by the engine's approximate heap watchdog.
const isolated = false

func limitMemory(int64) (budget, error) {
	return budget{}, errors.New("script processes need Linux")
}

func addressSpace() (int64, error) { return 0, errors.New("unknown on this system") }

func sysProcAttr() *syscall.SysProcAttr { return nil }

func peakRSS(*os.ProcessState) int64 { return 0 }

func selfExecutable() (string, error) { return os.Executable() }
