package server

import "github.com/swag2mcp/swag2mcp/runtime/service"

// Error codes and tool names the tests check answers against.
const (
	codeAuthMissing      = service.CodeAuthMissing
	codeInvokeError      = service.CodeInvokeError
	codeNotConfirmed     = service.CodeNotConfirmed
	codeNotFound         = service.CodeNotFound
	codeRateLimit        = service.CodeRateLimit
	codeReadOnly         = service.CodeReadOnly
	codeTooLarge         = service.CodeTooLarge
	codeValidationFailed = service.CodeValidationFailed

	toolInvoke = "invoke"
	toolScript = "script"
)
