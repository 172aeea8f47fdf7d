package config

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Bounds of the config file.
const (
	maxFileBytes   = 1 << 20
	maxCredentials = 10000
)

// Special sections of the config file, read apart from Keys.
const (
	sectionCredentials = "credentials"  // variable name → value, for runtime/auth
	sectionSpecs       = "limits.specs" // spec domain → {cooldown, timeout, retries}
)

// fileValues is what a config file sets: key name → value text and line.
type fileValues struct {
	path        string
	values      map[string]fileValue
	specs       map[string]SpecLimits
	credentials map[string]string
	secret      bool // it holds credentials or a secret key
}

type fileValue struct {
	text string
	line int
}

// readFile reads and checks the config file at path. Messages name the
// file, line and key, never a value: the file may hold secrets.
func readFile(path string, keys map[string]*Key) (*fileValues, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("config file: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("config file: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > maxFileBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, maxFileBytes)
	}
	fv, err := parseFile(path, data, keys)
	if err != nil {
		return nil, err
	}
	if mode := fi.Mode().Perm(); fv.secret && mode&0o077 != 0 && runtime.GOOS != "windows" {
		return nil, fmt.Errorf("%s: holds secrets but is accessible by group or others (mode %04o); run chmod 600 %s", path, mode, path)
	}
	return fv, nil
}

// parseFile reads the YAML text of a config file.
func parseFile(path string, data []byte, keys map[string]*Key) (*fileValues, error) {
	fv := &fileValues{path: path, values: map[string]fileValue{}}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: not valid YAML: %s", path, yamlErrorLine(err))
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return fv, nil
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return fv, nil
	}
	if err := fv.walk(root, "", keys); err != nil {
		return nil, err
	}
	return fv, nil
}

// walk reads mapping m whose keys sit under prefix ("" at the top).
func (fv *fileValues) walk(m *yaml.Node, prefix string, keys map[string]*Key) error {
	if m.Kind != yaml.MappingNode {
		return fv.errorf(m, strings.TrimSuffix(prefix, "."), "want a mapping of keys")
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		name := prefix + k.Value
		if k.Kind != yaml.ScalarNode {
			return fv.errorf(k, prefix, "a key must be a plain name")
		}
		if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			continue // "key:" with nothing after it leaves the key unset
		}
		switch {
		case name == sectionCredentials:
			if err := fv.readCredentials(v); err != nil {
				return err
			}
			continue
		case name == sectionSpecs:
			if err := fv.readSpecs(v, keys); err != nil {
				return err
			}
			continue
		case hasSection(keys, name):
			if err := fv.walk(v, name+".", keys); err != nil {
				return err
			}
			continue
		}
		key, ok := keys[name]
		switch {
		case !ok && prefix == "" && variableLike(name):
			// Never quoted: a value typed where its name belongs may be a secret.
			return fv.errorf(k, "", "a variable must be indented under \"credentials:\"")
		case !ok:
			return fv.errorf(k, name, "unknown key%s", suggest(name, keys))
		}
		text, err := scalarText(v, key)
		if err != nil {
			return fv.errorf(v, name, "%v", err)
		}
		fv.values[name] = fileValue{text: text, line: v.Line}
		fv.secret = fv.secret || key.Secret || key.Kind == SecretURL && hasPassword(text)
	}
	return nil
}

// readCredentials reads the credentials section: variable names to
// values. Messages give lines only: a key may be a value typed in the
// wrong place.
func (fv *fileValues) readCredentials(m *yaml.Node) error {
	if m.Kind != yaml.MappingNode {
		return fv.errorf(m, sectionCredentials, "must map variable names to values")
	}
	if len(m.Content)/2 > maxCredentials {
		return fv.errorf(m, sectionCredentials, "more than %d credentials", maxCredentials)
	}
	fv.credentials = map[string]string{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		switch {
		case k.Kind != yaml.ScalarNode || k.Value == "":
			return fv.errorf(k, sectionCredentials, "a credential's name must be a non-empty string")
		case v.Kind != yaml.ScalarNode:
			return fv.errorf(v, sectionCredentials, "a value must be a string")
		}
		if _, dup := fv.credentials[k.Value]; dup {
			return fv.errorf(k, sectionCredentials, "a variable is given twice")
		}
		if v.Tag != "!!null" {
			fv.credentials[k.Value] = v.Value
		}
	}
	fv.secret = fv.secret || len(fv.credentials) > 0
	return nil
}

// readSpecs reads limits.specs: per spec domain, cooldown, timeout and
// retries, each read like the server-wide key of the same name.
func (fv *fileValues) readSpecs(m *yaml.Node, keys map[string]*Key) error {
	if m.Kind != yaml.MappingNode {
		return fv.errorf(m, sectionSpecs, "want a mapping of spec domains")
	}
	fv.specs = map[string]SpecLimits{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		dk, dv := m.Content[i], m.Content[i+1]
		domain := dk.Value
		where := sectionSpecs + "." + domain
		if dv.Kind != yaml.MappingNode {
			return fv.errorf(dv, where, "want cooldown, timeout or retries")
		}
		var l SpecLimits
		for j := 0; j+1 < len(dv.Content); j += 2 {
			k, v := dv.Content[j], dv.Content[j+1]
			key, ok := keys["limits."+k.Value]
			if !ok || !slices.Contains([]string{"cooldown", "timeout", "retries"}, k.Value) {
				return fv.errorf(k, where+"."+k.Value, "unknown key (want cooldown, timeout or retries)")
			}
			text, err := scalarText(v, key)
			if err == nil {
				err = l.set(key, text)
			}
			if err != nil {
				return fv.errorf(v, where+"."+k.Value, "%v", err)
			}
		}
		fv.specs[domain] = l
	}
	return nil
}

// set parses text as the per-spec value of key.
func (l *SpecLimits) set(key *Key, text string) error {
	v, err := key.parse(text)
	if err != nil {
		return err
	}
	switch key.Name {
	case "limits.cooldown":
		l.Cooldown = offIfZero(v.d)
	case "limits.timeout":
		l.Timeout = v.d
	case "limits.retries":
		l.Retries = int(offIfZero(v.n))
	}
	return nil
}

// offIfZero maps a setting's 0 ("switched off") to Off.
func offIfZero[T ~int64](n T) T {
	if n == 0 {
		return Off
	}
	return n
}

// scalarText is a node's value as text: a scalar, or for a list a sequence
// of scalars joined by commas.
func scalarText(v *yaml.Node, key *Key) (string, error) {
	switch {
	case v.Kind == yaml.ScalarNode:
		return v.Value, nil
	case v.Kind == yaml.SequenceNode && key.Kind == List:
		items := make([]string, 0, len(v.Content))
		for _, item := range v.Content {
			if item.Kind != yaml.ScalarNode {
				return "", fmt.Errorf("line %d: want a string", item.Line)
			}
			if strings.Contains(item.Value, ",") {
				return "", fmt.Errorf("line %d: a pattern cannot hold a comma", item.Line)
			}
			items = append(items, item.Value)
		}
		return strings.Join(items, ","), nil
	case key.Kind == List:
		return "", errors.New("want a list of strings")
	}
	return "", errors.New("want a single value")
}

// variableLike reports whether k looks like an environment variable name
// (upper case, digits, '_').
func variableLike(k string) bool {
	for i := range len(k) {
		if c := k[i]; !(c >= 'A' && c <= 'Z' || c == '_' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return k != ""
}

// hasSection reports whether some key sits under section name.
func hasSection(keys map[string]*Key, name string) bool {
	for k := range keys {
		if strings.HasPrefix(k, name+".") {
			return true
		}
	}
	return name == "limits" // limits.specs alone still makes limits a section
}

// errorf is a located error: "cfg.yaml:3:1: read_only: …".
func (fv *fileValues) errorf(n *yaml.Node, key, format string, a ...any) error {
	msg := fmt.Sprintf(format, a...)
	if key != "" {
		msg = key + ": " + msg
	}
	return fmt.Errorf("%s:%d:%d: %s", fv.path, n.Line, n.Column, msg)
}

// suggest names the known key closest to a mistyped one.
func suggest(name string, keys map[string]*Key) string {
	best, bestDist := "", 4
	norm := func(s string) string {
		return strings.NewReplacer("_", "", "-", "", ".", "").Replace(strings.ToLower(s))
	}
	for k := range keys {
		if d := distance(norm(name), norm(k)); d < bestDist || d == bestDist && k < best {
			best, bestDist = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", best)
}

// distance is the Levenshtein distance of a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// yamlErrorLine keeps the line of a YAML syntax error and drops the rest,
// so no part of the file's text reaches the message.
func yamlErrorLine(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, "line "); i >= 0 {
		j := i + len("line ")
		for j < len(msg) && msg[j] >= '0' && msg[j] <= '9' {
			j++
		}
		if j > i+len("line ") {
			return "syntax error at " + msg[i:j]
		}
	}
	return "syntax error"
}
