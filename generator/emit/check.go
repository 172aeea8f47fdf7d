package emit

import (
	"errors"
	"fmt"
	"go/token"
	"strings"

	"github.com/swag2mcp/swag2mcp/generator/ir"
	"golang.org/x/mod/module"
)

// check rejects an IR that would render into code that does not compile or
// misbehaves: missing parts, names that are not Go identifiers or clash,
// indexes out of range. Names are decided by the naming package; check only
// refuses to trust them blindly, since they reach Go source through jen.Id.
func check(api *ir.API) error {
	if api == nil {
		return errors.New("nil api")
	}
	if api.Name == "" {
		return errors.New("api has no name")
	}
	if err := module.CheckImportPath(api.Module); err != nil {
		return fmt.Errorf("module path: %w", err)
	}
	if len(api.Specs) == 0 {
		return errors.New("api has no specs")
	}
	domains := map[string]bool{}
	goNames := map[string]string{} // GoName → endpoint that has it
	ids := map[string]bool{}
	for i, s := range api.Specs {
		if s == nil {
			return fmt.Errorf("spec %d is nil", i)
		}
		if !validDomain(s.Domain) {
			return fmt.Errorf("spec %d: invalid domain %q: want [a-z0-9-]+", i, s.Domain)
		}
		if domains[s.Domain] {
			return fmt.Errorf("spec %d: domain %q used twice", i, s.Domain)
		}
		domains[s.Domain] = true
		if err := checkSpec(s, goNames, ids); err != nil {
			return fmt.Errorf("spec %q: %w", s.Domain, err)
		}
	}
	return nil
}

func checkSpec(s *ir.Spec, goNames map[string]string, ids map[string]bool) error {
	for i, sec := range s.Security {
		if sec == nil {
			return fmt.Errorf("security scheme %d is nil", i)
		}
	}
	for _, c := range s.Collections {
		if c == nil {
			return errors.New("nil collection")
		}
		for _, t := range c.Tags {
			if t == nil {
				return fmt.Errorf("collection %q: nil tag", c.Title)
			}
			for _, e := range t.Endpoints {
				if e == nil {
					return fmt.Errorf("tag %q: nil endpoint", t.Name)
				}
				where := e.Method + " " + e.Path
				if ids[e.ID] {
					return fmt.Errorf("endpoint %q: id %q used twice", where, e.ID)
				}
				ids[e.ID] = true
				if !exportedIdent(e.GoName) {
					return fmt.Errorf("endpoint %q: invalid Go name %q", where, e.GoName)
				}
				if other, ok := goNames[e.GoName]; ok {
					return fmt.Errorf("endpoint %q: Go name %q already used by %q", where, e.GoName, other)
				}
				goNames[e.GoName] = where
				if err := checkEndpoint(s, e); err != nil {
					return fmt.Errorf("endpoint %q: %w", where, err)
				}
			}
		}
	}
	return nil
}

func checkEndpoint(s *ir.Spec, e *ir.Endpoint) error {
	fields := map[string]bool{}
	for _, p := range e.Params {
		if !exportedIdent(p.GoName) {
			return fmt.Errorf("parameter %q: invalid Go name %q", p.Name, p.GoName)
		}
		if fields[p.GoName] {
			return fmt.Errorf("parameter %q: Go name %q used twice", p.Name, p.GoName)
		}
		fields[p.GoName] = true
		if _, err := fieldType(p.Type); err != nil {
			return fmt.Errorf("parameter %q: %w", p.Name, err)
		}
	}
	for _, r := range e.Security {
		for _, u := range r.Schemes {
			if u.Scheme < 0 || u.Scheme >= len(s.Security) {
				return fmt.Errorf("security scheme index %d out of range [0,%d)", u.Scheme, len(s.Security))
			}
		}
	}
	for _, d := range e.DefRefs {
		if d < 0 || d >= len(s.Defs) {
			return fmt.Errorf("def index %d out of range [0,%d)", d, len(s.Defs))
		}
	}
	return nil
}

// validDomain reports whether d is usable in a file name: [a-z0-9-]+, the
// alphabet naming.Domain produces.
func validDomain(d string) bool {
	return d != "" && strings.Trim(d, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

// exportedIdent reports whether s is an exported Go identifier.
func exportedIdent(s string) bool {
	return token.IsIdentifier(s) && token.IsExported(s)
}
