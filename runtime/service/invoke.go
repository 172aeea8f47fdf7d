package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/auth"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// maxBodyInMessage bounds the API's error body quoted in an error message;
// the structured error carries it whole.
const maxBodyInMessage = 1 << 10

// InvokeArgs are one call's arguments, as the invoke tool takes them.
type InvokeArgs struct {
	Parameters map[string]json.RawMessage `json:"parameters,omitempty"` // path, query, header and cookie parameters by name
	Body       json.RawMessage            `json:"requestBody,omitempty"`
	MediaType  string                     `json:"mediaType,omitempty"` // the request body's media type; "" for the default
	Headers    map[string]string          `json:"headers,omitempty"`
	Cookies    map[string]string          `json:"cookies,omitempty"`
	// ResponseFormat is FormatDetailed (or "") for the body as the API
	// sent it, FormatConcise for a trimmed one (see Trimmed).
	ResponseFormat string `json:"response_format,omitempty"`
	// Healed are JSON pointers of arguments the caller's decoder parsed
	// from JSON text (DecodeArgs reports them); the answer mentions them.
	Healed []string `json:"-"`
}

// InvokeRequest is one call of an endpoint.
type InvokeRequest struct {
	Endpoint Ref
	Args     InvokeArgs
	// Ask asks the user to confirm a call that may change data; nil when
	// nobody can be asked (the confirm mode decides).
	Ask Asker
}

// InvokeResult is the API's answer to a call.
type InvokeResult struct {
	StatusCode int               `json:"statusCode"`
	Headers    map[string]string `json:"headers"`
	Body       any               `json:"body,omitempty"`
	Truncated  bool              `json:"truncated,omitempty"` // body is the text of the answer's first bytes
	Trimmed    *Trimmed          `json:"trimmed,omitempty"`   // what response_format concise left out of body
	Next       *Next             `json:"next,omitempty"`      // the parameters of the next page, for a paged answer
	FileRef    *FileRef          `json:"fileRef,omitempty"`   // the body, saved to a file
	Image      *ImageRef         `json:"image,omitempty"`     // the body is an image, in Media
	// Notes say what the server changed in the arguments before sending:
	// JSON text parsed into objects or arrays, defaults filled in.
	Notes []string `json:"notes,omitempty"`
	// Media is the image or saved binary file behind Image or FileRef, for
	// transports that carry it as content of its own.
	Media *Media `json:"-"`
}

// Media is a response body that is an image or a binary file.
type Media struct {
	MediaType string
	Image     []byte // an image answered inline
	File      string // the absolute path of a saved binary or image file
	FileName  string
}

// Invoke calls an endpoint of the API. It is the one path to the API:
// it validates the arguments against the endpoint (healing JSON text,
// filling required defaults), applies the run-time filter, read-only mode
// and confirmation, sends the call with credentials, cooldown, timeout
// and retries, saves large or binary answers to the workspace, writes the
// audit line and records metrics. Failures the caller can act on are an
// *Error with a stable code; ErrAskPending (wrapped) means the user is
// being asked and nothing was sent.
func (s *Service) Invoke(ctx context.Context, req InvokeRequest) (*InvokeResult, error) {
	i, rerr := s.resolve(req.Endpoint)
	if rerr != nil {
		return nil, rerr
	}
	if ferr := checkFormat(req.Args.ResponseFormat); ferr != nil {
		return nil, ferr
	}
	e := s.cat.Endpoint(i)
	in, fixes, verr := s.validate(e, req.Args)
	if verr != nil {
		return nil, verr
	}
	stub := invoke.Stub(invoke.RawStub)
	if s.stubs != nil {
		stub = s.stubs[i]
	}
	if stub == nil {
		return nil, &Error{Code: CodeInvokeError, Message: "this endpoint cannot be invoked: the server has no request builder for it"}
	}
	// Before sending: the gate (filter, read-only, confirmation) and the
	// audit line, written when Invoke returns.
	rec := startCall(e, in)
	defer s.writeAudit(ctx, rec)
	if err := s.gate(ctx, i, in, req.Ask, rec); err != nil {
		return nil, err
	}
	start := time.Now()
	resp, err := s.client.Do(ctx, in, stub)
	elapsed := time.Since(start)
	rec.finish(resp, err, elapsed)
	s.recordCall(e, rec.Status, elapsed, err)
	if err != nil {
		return nil, s.invokeFailure(e, err)
	}
	headers := resp.Headers
	if headers == nil {
		headers = map[string]string{}
	}
	ans := &InvokeResult{StatusCode: resp.StatusCode, Headers: headers, Body: resp.Body, Truncated: resp.Truncated}
	s.responses.shapeBody(ans, resp)
	ans.Next = nextPage(e, in.Parameters, headers, ans.Body)
	if req.Args.ResponseFormat == FormatConcise && ans.Body != nil {
		ans.Body, ans.Trimmed = trimBody(ans.Body)
	}
	rec.Bytes, rec.Spilled = resp.Size, resp.File != nil
	if rec.Spilled {
		s.metrics.Spilled()
	}
	healed := append(slices.Clone(req.Args.Healed), fixes.Healed...)
	if len(healed) > 0 {
		ans.Notes = append(ans.Notes, "healed: parsed JSON text into objects or arrays at "+strings.Join(healed, ", ")+
			"; next time send them as JSON objects and arrays, not strings")
	}
	if len(fixes.Defaulted) > 0 {
		ans.Notes = append(ans.Notes, "filled required parameters from their spec defaults: "+strings.Join(fixes.Defaulted, ", "))
	}
	return ans, nil
}

// validate is the one check of a call's arguments against its endpoint:
// the input schema (with healing and required defaults), then required
// and unknown parameters and the body's presence. It returns the request
// input to send.
func (s *Service) validate(e *catalog.Endpoint, args InvokeArgs) (*invoke.Input, invoke.Fixes, error) {
	va := &invoke.Args{Parameters: maps.Clone(args.Parameters), Body: args.Body, MediaType: args.MediaType}
	fixes, err := s.validator.Check(e, va)
	var ve *invoke.ValidationError
	if errors.As(err, &ve) {
		healed := append(slices.Clone(args.Healed), fixes.Healed...)
		return nil, fixes, validationFailed("%s.%s Call inspect with this endpointId for the full contract.",
			strings.Join(ve.Problems, "; "), healedNote(healed))
	}
	in := &invoke.Input{Endpoint: e, Parameters: va.Parameters, Body: va.Body, MediaType: args.MediaType,
		Headers: args.Headers, Cookies: args.Cookies, Safe: needsConfirmation(e.Method) && !s.writes(e)}
	problems := append(checkParameters(e, in), invoke.CredentialArgs(s.cat.SpecOf(e), in)...)
	if len(problems) > 0 {
		return nil, fixes, validationFailed("%s. Call inspect with this endpointId to see the parameters it takes.",
			strings.Join(problems, "; "))
	}
	return in, fixes, nil
}

// recordCall counts a call in the metrics: latency and status class when
// something was sent, rate-limit refusals by who refused.
func (s *Service) recordCall(e *catalog.Endpoint, status int, d time.Duration, err error) {
	var rl *invoke.RateLimitError
	if errors.As(err, &rl) && !rl.Sent {
		s.metrics.RateLimited(refusedBy(rl))
		return
	}
	if !sent(err) {
		return
	}
	op := e.OperationID
	if op == "" {
		op = e.Method + " " + e.Path
	}
	s.metrics.Invoke(op, d, status)
	if rl != nil {
		s.metrics.RateLimited("api")
	}
}

// refusedBy names who refused a call before it was sent, for metrics:
// the endpoint's cooldown, the API's back-off (asked for by an earlier
// answer, perhaps to another replica), or an unreachable shared limiter.
func refusedBy(rl *invoke.RateLimitError) string {
	switch {
	case rl.Unavailable:
		return "limiter_unavailable"
	case rl.StatusCode != 0:
		return "backoff"
	}
	return "cooldown"
}

// sent reports whether a call that ended with err reached the network.
func sent(err error) bool {
	var ve *invoke.ValidationError
	var be *invoke.BaseURLError
	var me *auth.MissingError
	var te *auth.TokenError
	var ce *auth.CredentialError
	var rl *invoke.RateLimitError
	if errors.As(err, &rl) {
		return rl.Sent
	}
	return !(errors.As(err, &ve) || errors.As(err, &be) || errors.As(err, &me) || errors.As(err, &te) || errors.As(err, &ce))
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

// isNull reports whether raw JSON is the literal null.
func isNull(raw json.RawMessage) bool {
	return strings.TrimSpace(string(raw)) == "null"
}

// invokeFailure words a failed call for the model.
func (s *Service) invokeFailure(e *catalog.Endpoint, err error) *Error {
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
		return &Error{
			Code: CodeInvokeError,
			Message: fmt.Sprintf("the API answered HTTP %d: %s. %s",
				he.StatusCode, quoteBody(he.Body), statusHint(he.StatusCode)),
			StatusCode: he.StatusCode,
			Body:       he.Body,
		}
	case errors.As(err, &be):
		return &Error{Code: CodeInvokeError, Message: be.Error() + ". Ask the user to configure the server."}
	case errors.As(err, &rl):
		return rateLimited(rl)
	case errors.As(err, &me):
		return &Error{Code: CodeAuthMissing, Message: me.Error() + ". Nothing was sent. Tell the user which variables to set; " +
			"do not retry until they have.", Variables: missingVars(me)}
	case errors.As(err, &te), errors.As(err, &ce):
		return &Error{Code: CodeInvokeError, Message: err.Error() + ". Nothing was sent to the API; ask the user to check the server's credentials."}
	case errors.Is(err, context.DeadlineExceeded):
		return &Error{Code: CodeTimeout, Message: timeoutMessage(err)}
	case errors.Is(err, context.Canceled):
		return &Error{Code: CodeInvokeError, Message: "the call was cancelled before the API answered"}
	}
	// A *url.Error repeats the URL, whose query may hold an API key; keep
	// only its cause.
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	spec := s.cat.SpecOf(e)
	return &Error{
		Code: CodeInvokeError,
		Message: fmt.Sprintf("the request to %s %s failed: %v. Check that the API is reachable at %q "+
			"(set by %s_BASE_URL), then retry.", e.Method, e.Path, err, s.client.BaseURL(e), spec.EnvPrefix),
	}
}

// timeoutMessage words a call that ran out of time. The API may have
// acted on it: a write is not known to have failed.
func timeoutMessage(err error) string {
	msg := strings.TrimSuffix(err.Error(), ": "+context.DeadlineExceeded.Error())
	return msg + ". The API may still have acted on the call; check before repeating a write, " +
		"and ask for less (filters, a smaller page) when large answers are slow"
}

// rateLimited words a cooldown or the API's rate limiting.
func rateLimited(rl *invoke.RateLimitError) *Error {
	secs := invoke.Seconds(rl.Wait)
	te := &Error{Code: CodeRateLimit, RetryAfterSeconds: secs, StatusCode: rl.StatusCode}
	switch {
	case rl.Unavailable:
		te.StatusCode = 0
		te.Message = fmt.Sprintf("the store of rate limits this server shares with its replicas is unreachable, so calls that "+
			"may change data are held back to avoid doing them twice; nothing was sent. Retry in %d s, or make reading calls meanwhile", secs)
	case rl.StatusCode == 0:
		te.Message = fmt.Sprintf("this endpoint was called less than its cooldown ago and the call was not sent; "+
			"wait %d s before calling it again, or call other endpoints meanwhile", secs)
	case !rl.Sent:
		te.Message = fmt.Sprintf("the API answered HTTP %d to an earlier call and asked for no calls for a while; nothing was sent. "+
			"Wait %d s before calling this API again", rl.StatusCode, secs)
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
		enc, err := Encode(b)
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
