package service

import (
	"context"
	"errors"

	"github.com/swag2mcp/swag2mcp/runtime/auth"
)

// Auth reports which credentials are configured, per API and security
// scheme (never their values), after fetching new OAuth2
// client-credentials tokens when args.Refresh is set.
func (s *Service) Auth(ctx context.Context, args auth.ToolArgs) (*auth.ToolAnswer, error) {
	ans, err := s.auth.RunTool(ctx, args)
	if err == nil {
		return ans, nil
	}
	var ae *auth.ArgError
	if errors.As(err, &ae) {
		return nil, validationFailed("%s", ae.Error())
	}
	return nil, &Error{Code: CodeInvokeError, Message: "the auth tool failed: " + err.Error()}
}
