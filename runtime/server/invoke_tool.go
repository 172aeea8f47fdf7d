package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/auth"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// maxBodyInMessage bounds the API's error body quoted in an error message;
// the structured error carries it whole.
const maxBodyInMessage = 1 << 10

// invokeAnswer is the invoke tool's answer.
type invokeAnswer struct {
	StatusCode int               `json:"statusCode"`
	Headers    map[string]string `json:"headers"`
	Body       any               `json:"body,omitempty"`
	Truncated  bool              `json:"truncated,omitempty"` // body is the text of the answer's first bytes
	FileRef    *fileRef          `json:"fileRef,omitempty"`   // the body, saved to a file (response_tools.go)
	Image      *imageRef         `json:"image,omitempty"`     // the body is the image content that follows
	// Notes say what the server changed in the arguments before sending:
	// JSON text parsed into objects or arrays, defaults filled in.
	Notes []string `json:"notes,omitempty"`
}

// invoke handles the invoke tool.
func (t *tools) invoke(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a := readArgs(req, "endpointId", "parameters", "requestBody", "mediaType", "headers", "cookies")
	var healed []string
	if unwrapJSONText(a, "parameters") {
		healed = append(healed, "/parameters")
	}
	in := &invoke.Input{
		Parameters: a.object("parameters"),
		Body:       a.value("requestBody"),
		MediaType:  a.string("mediaType", false),
		Headers:    a.stringMap("headers"),
		Cookies:    a.stringMap("cookies"),
	}
	i, terr := t.lookup(a)
	if terr != nil {
		return failure(terr)
	}
	e := &t.cat.Endpoints[i]
	in.Endpoint = e
	va := &invoke.Args{Parameters: in.Parameters, Body: in.Body, MediaType: in.MediaType}
	fixes, err := t.validator.Check(e, va)
	healed = append(healed, fixes.Healed...)
	var ve *invoke.ValidationError
	if errors.As(err, &ve) {
		return failure(validationFailed("%s.%s Call inspect with this endpointId for the full contract.",
			strings.Join(ve.Problems, "; "), healedNote(healed)))
	}
	in.Parameters, in.Body = va.Parameters, va.Body
	if problems := checkParameters(e, in); len(problems) > 0 {
		return failure(validationFailed("%s. Call inspect with this endpointId to see the parameters it takes.",
			strings.Join(problems, "; ")))
	}
	stub := t.stubs[i]
	if stub == nil {
		return failure(&toolError{Code: codeInvokeError, Message: "this endpoint cannot be invoked: the server has no request builder for it"})
	}
	// Before sending: the gate (filter, read-only, confirmation; guard.go)
	// and the audit line (audit.go), written when the handler returns. The
	// answer shaping below fills rec.Bytes and rec.Spilled.
	rec := t.startCall(e, in)
	defer t.audit(ctx, rec)
	if terr := t.gate(ctx, i, in, rec); terr != nil {
		return failure(terr)
	}
	start := time.Now()
	resp, err := t.client.Do(ctx, in, stub)
	rec.finish(resp, err, time.Since(start))
	if err != nil {
		return failure(t.invokeFailure(e, err))
	}
	headers := resp.Headers
	if headers == nil {
		headers = map[string]string{}
	}
	ans := invokeAnswer{StatusCode: resp.StatusCode, Headers: headers, Body: resp.Body, Truncated: resp.Truncated}
	t.responses.shapeBody(&ans, resp)
	rec.Bytes, rec.Spilled = resp.Size, resp.File != nil
	if len(healed) > 0 {
		ans.Notes = append(ans.Notes, "healed: parsed JSON text into objects or arrays at "+strings.Join(healed, ", ")+
			"; next time send them as JSON objects and arrays, not strings")
	}
	if len(fixes.Defaulted) > 0 {
		ans.Notes = append(ans.Notes, "filled required parameters from their spec defaults: "+strings.Join(fixes.Defaulted, ", "))
	}
	res, err := success(ans)
	if err != nil {
		return nil, err
	}
	return withBodyContent(res, resp), nil
}

// unwrapJSONText replaces a string argument holding a JSON object with the
// object (healing a model that quoted it) and reports whether it did.
func unwrapJSONText(a *args, name string) bool {
	raw, ok := a.raw[name]
	if !ok {
		return false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal([]byte(s), &m) != nil || m == nil {
		return false
	}
	a.raw[name] = json.RawMessage(s)
	return true
}

// healedNote mentions healing in a validation message.
func healedNote(healed []string) string {
	if len(healed) == 0 {
		return ""
	}
	return " (JSON text at " + strings.Join(healed, ", ") + " was parsed before checking.)"
}

// checkParameters reports missing required parameters and body, and
// parameter names the endpoint does not have.
func checkParameters(e *catalog.Endpoint, in *invoke.Input) []string {
	var problems, missing []string
	known := make([]string, 0, len(e.Params))
	for _, p := range e.Params {
		known = append(known, p.ArgName())
		if v, ok := in.Parameters[p.ArgName()]; p.Required && (!ok || isNull(v)) {
			missing = append(missing, fmt.Sprintf("%q (%s)", p.ArgName(), p.In))
		}
	}
	if len(missing) > 0 {
		problems = append(problems, "missing required parameters: "+strings.Join(missing, ", "))
	}
	var unknown []string
	for k := range in.Parameters {
		if !slices.Contains(known, k) {
			unknown = append(unknown, fmt.Sprintf("%q", k))
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		problems = append(problems, "unknown parameters: "+strings.Join(unknown, ", "))
	}
	if e.Body != nil && e.Body.Required && in.Body == nil {
		problems = append(problems, "requestBody is required")
	}
	if e.Body == nil && in.Body != nil {
		problems = append(problems, "this endpoint takes no requestBody")
	}
	return problems
}

// invokeFailure words a failed call for the model.
func (t *tools) invokeFailure(e *catalog.Endpoint, err error) *toolError {
	var ve *invoke.ValidationError
	var he *invoke.HTTPError
	var be *invoke.BaseURLError
	var rl *invoke.RateLimitError
	var me *auth.MissingError
	var te *auth.TokenError
	var ce *auth.CredentialError
	switch {
	case errors.As(err, &ve):
		return validationFailed("%s. Call inspect with this endpointId to see the parameters and body it takes.",
			strings.Join(ve.Problems, "; "))
	case errors.As(err, &he):
		return &toolError{
			Code: codeInvokeError,
			Message: fmt.Sprintf("the API answered HTTP %d: %s. %s",
				he.StatusCode, quoteBody(he.Body), statusHint(he.StatusCode)),
			StatusCode: he.StatusCode,
			Body:       he.Body,
		}
	case errors.As(err, &be):
		return &toolError{Code: codeInvokeError, Message: be.Error() + ". Ask the user to configure the server."}
	case errors.As(err, &rl):
		return rateLimited(rl)
	case errors.As(err, &me):
		return &toolError{Code: codeAuthMissing, Message: me.Error() + ". Nothing was sent. Tell the user which variables to set; " +
			"do not retry until they have.", Variables: missingVars(me)}
	case errors.As(err, &te), errors.As(err, &ce):
		return &toolError{Code: codeInvokeError, Message: err.Error() + ". Nothing was sent to the API; ask the user to check the server's credentials."}
	case errors.Is(err, context.Canceled):
		return &toolError{Code: codeInvokeError, Message: "the call was cancelled before the API answered"}
	}
	// A *url.Error repeats the URL, whose query may hold an API key; keep
	// only its cause.
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	spec := t.cat.SpecOf(e)
	return &toolError{
		Code: codeInvokeError,
		Message: fmt.Sprintf("the request to %s %s failed: %v. Check that the API is reachable at %q "+
			"(set by %s_BASE_URL), then retry.", e.Method, e.Path, err, t.client.BaseURL(e), spec.EnvPrefix),
	}
}

// rateLimited words a cooldown or the API's rate limiting.
func rateLimited(rl *invoke.RateLimitError) *toolError {
	secs := invoke.Seconds(rl.Wait)
	te := &toolError{Code: codeRateLimit, RetryAfterSeconds: secs, StatusCode: rl.StatusCode}
	switch {
	case rl.StatusCode == 0:
		te.Message = fmt.Sprintf("this endpoint was called less than its cooldown ago and the call was not sent; "+
			"wait %d s before calling it again, or call other endpoints meanwhile", secs)
	case secs > 0:
		te.Message = fmt.Sprintf("the API is rate limiting (HTTP %d) and asks to wait %d s; retry after that", rl.StatusCode, secs)
	default:
		te.Message = fmt.Sprintf("the API is rate limiting (HTTP %d); wait before retrying", rl.StatusCode)
	}
	return te
}

// missingVars lists the variables of every alternative, in order, once.
func missingVars(me *auth.MissingError) []string {
	var out []string
	for _, alt := range me.Alternatives {
		for _, v := range alt {
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// quoteBody renders an error body for a message, cut to maxBodyInMessage.
func quoteBody(body any) string {
	var s string
	switch b := body.(type) {
	case nil:
		return "(empty body)"
	case string:
		s = b
	default:
		enc, err := encode(b)
		if err != nil {
			return "(unreadable body)"
		}
		s = string(enc)
	}
	if strings.TrimSpace(s) == "" {
		return "(empty body)"
	}
	if len(s) > maxBodyInMessage {
		s = strings.ToValidUTF8(s[:maxBodyInMessage], "") + "…"
	}
	return s
}

// statusHint tells the model what to do about an error status.
func statusHint(status int) string {
	switch {
	case status == 400 || status == 422:
		return "Fix the arguments (see inspect) and retry."
	case status == 401 || status == 403:
		return "The server's credentials were refused or lack permission; ask the user to check them. Do not retry unchanged."
	case status == 404:
		return "Check the path parameters; the resource may not exist."
	case status == 429:
		return "The API is rate limiting; wait before retrying."
	case status >= 500:
		return "The API failed; retrying later may help."
	}
	return "Check the arguments against inspect before retrying."
}
