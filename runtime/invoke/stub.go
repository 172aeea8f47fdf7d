package invoke

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Stub turns one invoke call's arguments into a request. Generated code has
// one per endpoint: it decodes the parameters into a typed struct and hands
// the values to the request builder.
type Stub func(in *Input) (*Request, error)

// Input is one invoke call's arguments for a known endpoint.
type Input struct {
	Endpoint   *catalog.Endpoint
	Parameters map[string]json.RawMessage
	Body       json.RawMessage // nil when absent
	MediaType  string          // chosen request media type; "" for the default
	Headers    map[string]string
	Cookies    map[string]string
	// Safe marks a call the operator declared a read though its method
	// could write (--safe-op); the Limiter treats it as one.
	Safe bool

	problems []string
}

// Decode reads parameter key of in into dst. A missing key leaves dst
// untouched; a value of the wrong type is recorded as a problem that Err
// reports.
func Decode[T any](in *Input, key string, dst *T) {
	raw, ok := in.Parameters[key]
	if !ok || len(raw) == 0 || string(raw) == "null" {
		return
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		in.problems = append(in.problems, fmt.Sprintf("parameter %q: %s", key, typeProblem(err)))
	}
}

// Err reports the problems Decode found, as a *ValidationError, or nil.
func (in *Input) Err() error {
	if len(in.problems) == 0 {
		return nil
	}
	return &ValidationError{Problems: in.problems}
}

// ValidationError says what in the arguments does not fit the endpoint.
type ValidationError struct {
	Problems []string
}

func (e *ValidationError) Error() string { return strings.Join(e.Problems, "; ") }

// typeProblem words a JSON decoding error for a model to fix its call.
func typeProblem(err error) string {
	var te *json.UnmarshalTypeError
	if ok := asTypeError(err, &te); ok {
		return fmt.Sprintf("expected %s, got %s", jsonKind(te.Type.String()), te.Value)
	}
	return err.Error()
}

func asTypeError(err error, target **json.UnmarshalTypeError) bool {
	te, ok := err.(*json.UnmarshalTypeError)
	if ok {
		*target = te
	}
	return ok
}

// jsonKind names a Go type as the JSON type a model should send.
func jsonKind(goType string) string {
	switch {
	case strings.HasPrefix(goType, "[]"):
		return "an array"
	case strings.HasPrefix(goType, "map["):
		return "an object"
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "uint"):
		return "an integer"
	case strings.HasPrefix(goType, "float"):
		return "a number"
	case goType == "bool":
		return "a boolean"
	case goType == "string":
		return "a string"
	}
	return goType
}

// unknownKeys names the keys of in.Parameters that are no parameter of the
// endpoint, with the valid ones, as problems.
func unknownKeys(in *Input) []string {
	valid := make([]string, 0, len(in.Endpoint.Params))
	known := make(map[string]bool, len(in.Endpoint.Params))
	for _, p := range in.Endpoint.Params {
		valid = append(valid, p.ArgName())
		known[p.ArgName()] = true
	}
	var unknown []string
	for k := range in.Parameters {
		if !known[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	slices.Sort(unknown)
	hint := "this endpoint takes no parameters"
	if len(valid) > 0 {
		hint = "valid parameters: " + strings.Join(valid, ", ")
	}
	problems := make([]string, len(unknown))
	for i, k := range unknown {
		problems[i] = fmt.Sprintf("unknown parameter %q (%s)", k, hint)
	}
	return problems
}

// RawStub builds the request of any endpoint from its arguments as the
// model sent them: every parameter's JSON value goes to the serializer,
// which formats it by the parameter's style. It is the request builder of
// standalone servers, whose endpoints need no Go code of their own; the
// arguments are checked against the endpoint's JSON Schema before it runs.
func RawStub(in *Input) (*Request, error) {
	r := NewRequest(in)
	for _, p := range in.Endpoint.Params {
		if raw, ok := in.Parameters[p.ArgName()]; ok && len(raw) > 0 && string(raw) != "null" {
			r.Param(p.ArgName(), raw)
		}
	}
	return r, nil
}
