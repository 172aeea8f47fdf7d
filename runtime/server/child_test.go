package server

import (
	"os"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/script/sandbox"
)

// TestMain lets the test binary serve as a script process, as a generated
// server's binary does: the pools of Main and of the test harness start
// this binary with the marker, and Main hands over to the child before
// reading anything else.
func TestMain(m *testing.M) {
	if sandbox.IsChild(os.Getenv) {
		os.Exit(Main(Options{}))
	}
	os.Exit(m.Run())
}
