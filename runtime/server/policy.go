package server

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// ConfirmMode says when invoke asks the user before sending a call that
// may change data (any method but GET, HEAD and OPTIONS).
type ConfirmMode string

// Confirmation modes. Auto and Always ask through MCP elicitation when the
// client declared it; they differ for clients that cannot be asked.
const (
	ConfirmAuto   ConfirmMode = "auto"   // ask when the client can; otherwise send (the host's own approval applies)
	ConfirmAlways ConfirmMode = "always" // ask; refuse the call when the client cannot be asked
	ConfirmNever  ConfirmMode = "never"  // never ask
)

// Policy is what a server lets its tools do: read-only mode, confirmation
// of writes, the run-time endpoint filter and where audit lines go. Zero
// fields are unset; Main's flags override the environment, which
// overrides the config file.
type Policy struct {
	ReadOnly *bool       // only GET, HEAD and OPTIONS endpoints are invoked
	Confirm  ConfirmMode // "" means ConfirmAuto
	AuditLog string      // file the audit lines are appended to; "" logs them to Stderr
	Filter   filter.Rules
	// SafeOps are operationId patterns of operations that only read
	// although their method could write (a search by POST): read-only mode
	// allows them and they are not confirmed.
	SafeOps []string
}

// Environment variables of the policy; the filter's are SWAG2MCP_ plus the
// list name, e.g. SWAG2MCP_EXCLUDE_METHOD.
const (
	envReadOnly = "SWAG2MCP_READ_ONLY"
	envConfirm  = "SWAG2MCP_CONFIRM"
	envAuditLog = "SWAG2MCP_AUDIT_LOG"
	envSafeOp   = "SWAG2MCP_SAFE_OP"
)

// maxSafeOps bounds the --safe-op patterns.
const maxSafeOps = 256

// filterEnv is the environment variable of a filter list.
func filterEnv(list string) string {
	return "SWAG2MCP_" + strings.ToUpper(strings.ReplaceAll(list, "-", "_"))
}

// policyFile is the part of the config file the policy reads: read_only,
// confirm, audit_log and a filter section keyed like the flags
// (include_tag: [pets], exclude_method: DELETE).
type policyFile struct {
	ReadOnly *bool                `yaml:"read_only"`
	Confirm  string               `yaml:"confirm"`
	AuditLog string               `yaml:"audit_log"`
	Filter   map[string]yaml.Node `yaml:"filter"`
	SafeOps  yaml.Node            `yaml:"safe_ops"`
}

// over returns p with o's set fields over it; filter lists are replaced
// one by one.
func (p Policy) over(o Policy) Policy {
	if o.ReadOnly != nil {
		p.ReadOnly = o.ReadOnly
	}
	if o.Confirm != "" {
		p.Confirm = o.Confirm
	}
	if o.AuditLog != "" {
		p.AuditLog = o.AuditLog
	}
	if len(o.SafeOps) > 0 {
		p.SafeOps = o.SafeOps
	}
	dst, src := p.Filter.Lists(), o.Filter.Lists()
	for i := range dst {
		if len(*src[i].List) > 0 {
			*dst[i].List = *src[i].List
		}
	}
	return p
}

// resolvePolicy merges the config file, the environment and set (the
// flags), in rising precedence, and checks the result.
func resolvePolicy(configData []byte, getenv func(string) string, set Policy) (Policy, error) {
	file, err := policyFromFile(configData)
	if err != nil {
		return Policy{}, err
	}
	env, err := policyFromEnv(getenv)
	if err != nil {
		return Policy{}, err
	}
	p := file.over(env).over(set)
	if p.Confirm == "" {
		p.Confirm = ConfirmAuto
	}
	if err := p.Filter.Check(); err != nil {
		return Policy{}, fmt.Errorf("filter: %w", err)
	}
	if len(p.SafeOps) > maxSafeOps {
		return Policy{}, fmt.Errorf("safe-op: %d patterns, more than the %d allowed", len(p.SafeOps), maxSafeOps)
	}
	return p, nil
}

func policyFromFile(data []byte) (Policy, error) {
	var p Policy
	if len(data) == 0 {
		return p, nil
	}
	var pf policyFile
	if err := yaml.Unmarshal(data, &pf); err != nil {
		return p, fmt.Errorf("config file: read_only, confirm, audit_log or filter is not valid")
	}
	p.ReadOnly, p.AuditLog = pf.ReadOnly, pf.AuditLog
	var err error
	if pf.SafeOps.Kind != 0 {
		if p.SafeOps, err = patterns(&pf.SafeOps); err != nil {
			return p, fmt.Errorf("config file: safe_ops: %w", err)
		}
	}
	if p.Confirm, err = confirmValue(pf.Confirm); err != nil {
		return p, fmt.Errorf("config file: confirm: %w", err)
	}
	known := map[string]*[]string{}
	for _, l := range p.Filter.Lists() {
		known[strings.ReplaceAll(l.Name, "-", "_")] = l.List
	}
	for key, node := range pf.Filter {
		list, ok := known[key]
		if !ok {
			return p, fmt.Errorf("config file: filter: unknown key %q (want include_tag, exclude_tag, include_method, "+
				"exclude_method, include_op, exclude_op, include_path or exclude_path)", key)
		}
		if *list, err = patterns(&node); err != nil {
			return p, fmt.Errorf("config file: filter.%s: %w", key, err)
		}
	}
	return p, nil
}

// patterns reads a filter list: a sequence of strings or one
// comma-separated string.
func patterns(n *yaml.Node) ([]string, error) {
	switch n.Kind {
	case yaml.ScalarNode:
		return filter.Split(n.Value), nil
	case yaml.SequenceNode:
		var out []string
		for _, item := range n.Content {
			if item.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: want a pattern string", item.Line)
			}
			out = append(out, strings.TrimSpace(item.Value))
		}
		return out, nil
	}
	return nil, fmt.Errorf("line %d: want a list of patterns", n.Line)
}

func policyFromEnv(getenv func(string) string) (Policy, error) {
	var p Policy
	if v := strings.TrimSpace(getenv(envReadOnly)); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return p, fmt.Errorf("%s: %q is not true or false", envReadOnly, v)
		}
		p.ReadOnly = &b
	}
	var err error
	if p.Confirm, err = confirmValue(getenv(envConfirm)); err != nil {
		return p, fmt.Errorf("%s: %w", envConfirm, err)
	}
	p.AuditLog = strings.TrimSpace(getenv(envAuditLog))
	p.SafeOps = filter.Split(getenv(envSafeOp))
	for _, l := range p.Filter.Lists() {
		*l.List = filter.Split(getenv(filterEnv(l.Name)))
	}
	return p, nil
}

// confirmValue reads a confirmation mode; "" is unset.
func confirmValue(s string) (ConfirmMode, error) {
	switch m := ConfirmMode(strings.ToLower(strings.TrimSpace(s))); m {
	case "", ConfirmAuto, ConfirmAlways, ConfirmNever:
		return m, nil
	}
	return "", fmt.Errorf("%q is not auto, always or never", s)
}

// policyFlags defines the policy's flags on fs; the returned function
// reads them after fs.Parse.
func policyFlags(fs *flag.FlagSet) func() (Policy, error) {
	readOnly := fs.Bool("read-only", false, "invoke only GET, HEAD and OPTIONS endpoints; others fail with read_only and nothing is sent")
	confirm := fs.String("confirm", "", "when to ask the user (`mode`) before POST, PUT, PATCH or DELETE: auto (ask clients that support elicitation), "+
		"always (refuse when the client cannot ask) or never (default auto)")
	auditLog := fs.String("audit-log", "", "append one JSON line per invoke to `file` instead of logging it to stderr")
	var p Policy
	fs.Func("safe-op", "operationId `patterns` of operations that only read though their method could write "+
		"(e.g. a search by POST): read-only mode allows them and they are not confirmed (comma-separated globs; repeatable)",
		func(s string) error {
			p.SafeOps = append(p.SafeOps, filter.Split(s)...)
			return nil
		})
	for _, l := range p.Filter.Lists() {
		verb, _, _ := strings.Cut(l.Name, "-")
		fs.Func(l.Name, fmt.Sprintf("%s endpoints by %s `patterns` (comma-separated globs; repeatable)", verb, filterWhat(l.Name)),
			func(s string) error {
				*l.List = append(*l.List, filter.Split(s)...)
				return nil
			})
	}
	return func() (Policy, error) {
		out := p
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "read-only" {
				out.ReadOnly = readOnly
			}
		})
		var err error
		if out.Confirm, err = confirmValue(*confirm); err != nil {
			return out, fmt.Errorf("invalid --confirm: %w", err)
		}
		out.AuditLog = *auditLog
		if err := out.Filter.Check(); err != nil {
			return out, fmt.Errorf("invalid --%w", err)
		}
		return out, nil
	}
}

// filterWhat names what a filter list matches, for help texts.
func filterWhat(list string) string {
	switch {
	case strings.HasSuffix(list, "-tag"):
		return "tag"
	case strings.HasSuffix(list, "-method"):
		return "HTTP method"
	case strings.HasSuffix(list, "-op"):
		return "operationId"
	}
	return "path template, e.g. /admin/*,"
}

// writePolicyEnvironment lists the policy's variables for --help.
func writePolicyEnvironment(b *strings.Builder) {
	fmt.Fprintf(b, "  %s, %s, %s, %s\n    \tdefaults of --read-only (true or false), --confirm, --audit-log and --safe-op\n",
		envReadOnly, envConfirm, envAuditLog, envSafeOp)
	var names []string
	var r filter.Rules
	for _, l := range r.Lists() {
		names = append(names, filterEnv(l.Name))
	}
	fmt.Fprintf(b, "  %s\n    \tdefaults of the filter flags, comma-separated\n", strings.Join(names, ", "))
}
