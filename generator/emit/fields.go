package emit

import "github.com/dave/jennifer/jen"

// fields collects the keyed fields of a struct literal, leaving out zero
// values: an option added to a runtime type later never changes old output.
type fields struct {
	items []jen.Code
}

func (l *fields) add(name string, v jen.Code) {
	if v != nil {
		l.items = append(l.items, jen.Id(name).Op(":").Add(v))
	}
}

func (l *fields) str(name, v string) {
	if v != "" {
		l.add(name, jen.Lit(v))
	}
}

// values is the literal's braces and fields, one field a line.
func (l *fields) values() *jen.Statement {
	return jen.ValuesFunc(func(g *jen.Group) {
		for _, e := range l.items {
			g.Line().Add(e)
		}
		if len(l.items) > 0 {
			g.Line()
		}
	})
}
