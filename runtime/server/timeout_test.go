package server

import (
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/script"
	"github.com/swag2mcp/swag2mcp/runtime/service"
)

// TestTimeoutIsOneCode: a call that runs out of time is "timeout" from
// invoke, inside a script, and for a script that runs out of time itself.
func TestTimeoutIsOneCode(t *testing.T) {
	if service.CodeTimeout != script.CodeTimeout {
		t.Fatalf("invoke's timeout code %q differs from the script's %q", service.CodeTimeout, script.CodeTimeout)
	}
	srv := newShop(t)
	cs := connect(t, shopOptions(srv, map[string]string{"SWAG2MCP_COOLDOWN": "0", "SHOP_TIMEOUT": "0.2"}))
	got, isErr := call(t, cs, toolInvoke, map[string]any{"endpointId": idSlow})
	if code := errorCode(t, got, isErr); code != codeTimeout {
		t.Errorf("invoke: code = %q, want %q; answer %v", code, codeTimeout, got)
	}
	got, isErr = call(t, cs, toolScript, map[string]any{"code": `const r = await tools.call("` + idSlow + `", {}); return r.error.code`})
	if isErr || got["result"] != codeTimeout {
		t.Errorf("a script's call: result %v, want %q; answer %v", got["result"], codeTimeout, got)
	}
	got, isErr = call(t, cs, toolScript, map[string]any{"code": "while (true) {}", "timeoutSeconds": 1})
	if code := errorCode(t, got, isErr); code != codeTimeout {
		t.Errorf("a script past its timeout: code = %q, want %q", code, codeTimeout)
	}
}
