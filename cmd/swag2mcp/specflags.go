package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/swag2mcp/swag2mcp/generator"
	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// specFlags are the flags that decide what a server is made of, shared by
// gen, build and validate so that validate reports exactly what gen would.
type specFlags struct {
	name, module    string
	domains         []string
	strict          bool
	allowRemoteRefs bool
	filter          filter.Rules
}

// filterHelp explains the filter flags in a command's long help.
const filterHelp = `Filters choose the operations the server exposes; the others are not emitted.
Each filter flag takes glob patterns (* is any run of characters, slashes
included; ? one character; case is ignored), repeated or comma-separated.
Include patterns of all kinds form a union: an operation is kept when it matches
any of them (all are kept when none is given). Exclude patterns then drop
operations and always win.`

// register adds the flags to cmd; naming adds --name and --module, which
// validate does not need.
func (f *specFlags) register(cmd *cobra.Command, naming bool) {
	fl := cmd.Flags()
	if naming {
		fl.StringVar(&f.name, "name", "", "server `NAME` (default: {domain}-mcp)")
		fl.StringVar(&f.module, "module", "", "Go module `PATH` of a standalone module (default: the server name)")
	}
	fl.StringArrayVar(&f.domains, "domain", nil, "API domain used in names: `[SPEC=]DOMAIN`, repeated per spec (SPEC as given, or its file name when unique); a bare DOMAIN needs exactly one spec")
	fl.BoolVar(&f.strict, "strict", false, "treat warnings (skipped operations) as errors")
	fl.BoolVar(&f.allowRemoteRefs, "allow-remote-refs", false, "let $refs fetch remote URLs")
	what := map[string]string{"tag": "a tag", "method": "the HTTP method", "op": "the operationId", "path": "the path template (e.g. /admin/*)"}
	for _, l := range f.filter.Lists() {
		verb, kind, _ := strings.Cut(l.Name, "-")
		fl.StringSliceVar(l.List, l.Name, nil, fmt.Sprintf("%s operations where %s matches `PATTERN`", verb, what[kind]))
	}
}

// options checks the specs and flags and turns them into generator options.
func (f *specFlags) options(specs []string) (generator.Options, error) {
	if len(specs) == 0 {
		return generator.Options{}, errors.New("no spec given")
	}
	for _, s := range specs {
		if s == "" {
			return generator.Options{}, errors.New("empty spec path")
		}
	}
	domains, err := domainsOf(f.domains, specs)
	if err != nil {
		return generator.Options{}, err
	}
	if err := f.filter.Check(); err != nil {
		return generator.Options{}, fmt.Errorf("--%w", err)
	}
	return generator.Options{
		Specs:           specs,
		Name:            f.name,
		Module:          f.module,
		Domains:         domains,
		Strict:          f.strict,
		AllowRemoteRefs: f.allowRemoteRefs,
		Filter:          f.filter,
	}, nil
}

// domainsOf reads the --domain values: "DOMAIN" for the only spec, or
// "SPEC=DOMAIN" where SPEC is a spec path as given (cleaned paths compare
// equal) or, when no other spec shares it, its file name.
func domainsOf(values, specs []string) (map[string]string, error) {
	if len(values) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for _, v := range values {
		spec, domain, err := domainTarget(v, specs)
		if err != nil {
			return nil, err
		}
		if prev, ok := out[spec]; ok && prev != domain {
			return nil, fmt.Errorf("--domain: %s is given two domains, %q and %q", spec, prev, domain)
		}
		out[spec] = domain
	}
	return out, nil
}

// domainTarget resolves one --domain value to a spec of specs.
func domainTarget(v string, specs []string) (spec, domain string, err error) {
	i := strings.LastIndexByte(v, '=')
	if i < 0 {
		if len(specs) != 1 {
			return "", "", fmt.Errorf("--domain %s: with %d specs, say which one: --domain SPEC=%s", v, len(specs), v)
		}
		return specs[0], v, checkDomain(v)
	}
	name, domain := v[:i], v[i+1:]
	if err := checkDomain(domain); err != nil {
		return "", "", err
	}
	var byBase []string
	for _, s := range specs {
		if filepath.Clean(s) == filepath.Clean(name) {
			return s, domain, nil
		}
		if filepath.Base(s) == name {
			byBase = append(byBase, s)
		}
	}
	switch len(byBase) {
	case 1:
		return byBase[0], domain, nil
	case 0:
		return "", "", fmt.Errorf("--domain %s: %s is none of the specs given (%s)", v, name, strings.Join(specs, ", "))
	}
	return "", "", fmt.Errorf("--domain %s: %s names %s; give the path instead", v, name, strings.Join(byBase, " and "))
}

// checkDomain refuses an empty domain; naming normalizes the rest.
func checkDomain(d string) error {
	if strings.TrimSpace(d) == "" {
		return errors.New("--domain: empty domain")
	}
	return nil
}
