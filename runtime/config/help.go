package config

import (
	"fmt"
	"io"
	"strings"
)

// WriteHelp lists every key for --help, grouped: its flag (or, for a
// secret, its variable), what it does, its default, and its other names.
func WriteHelp(w io.Writer) error {
	var b strings.Builder
	group := ""
	for _, k := range Keys() {
		if k.Group != group {
			group = k.Group
			fmt.Fprintf(&b, "\n%s:\n", group)
		}
		switch {
		case k.Flag != "":
			fmt.Fprintf(&b, "  --%s", k.Flag)
			if k.Kind != Bool {
				fmt.Fprintf(&b, " %s", k.Arg)
			}
		default:
			fmt.Fprintf(&b, "  %s", k.Env)
		}
		fmt.Fprintf(&b, "\n    \t%s", k.Doc)
		if k.Kind == Enum && !strings.Contains(k.Doc, k.Values[0]+" ") {
			fmt.Fprintf(&b, ": %s", orList(k.Values))
		}
		if k.Default != "" && k.Default != "false" {
			fmt.Fprintf(&b, " (default %s)", k.Default)
		}
		var also []string
		if k.Flag != "" && k.Env != "" {
			also = append(also, k.Env)
		}
		if k.Name != "" {
			also = append(also, "config "+k.Name)
		}
		if len(also) > 0 {
			fmt.Fprintf(&b, "\n    \t[%s]", strings.Join(also, ", "))
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Markdown renders every key as a Markdown table for a README: flag,
// environment variable, config-file key, default and meaning.
func Markdown() string {
	var b strings.Builder
	b.WriteString("| flag | environment | config file | default | meaning |\n|---|---|---|---|---|\n")
	for _, k := range Keys() {
		flag := "—"
		if k.Flag != "" {
			flag = "`--" + k.Flag + "`"
		}
		name := "—"
		if k.Name != "" {
			name = "`" + k.Name + "`"
		}
		def := ""
		if k.Default != "" {
			def = "`" + k.Default + "`"
		}
		doc := k.Doc
		if k.Kind == Enum && !strings.Contains(doc, k.Values[0]+" ") {
			doc += ": " + orList(k.Values)
		}
		fmt.Fprintf(&b, "| %s | `%s` | %s | %s | %s |\n", flag, k.Env, name, def, strings.ReplaceAll(doc, "|", `\|`))
	}
	return b.String()
}
