package mcptools

import (
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// TestInstructionsBound: the longest overview still leaves the
// instructions within maxInstructions.
func TestInstructionsBound(t *testing.T) {
	if n := len(instructions) + len(overviewLead) + catalog.MaxOverviewBytes + len("."); n > maxInstructions {
		t.Errorf("instructions can reach %d bytes, over %d", n, maxInstructions)
	}
}
