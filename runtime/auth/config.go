package auth

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"go.yaml.in/yaml/v3"
)

// maxConfigBytes bounds the config file.
const maxConfigBytes = 1 << 20

// maxConfigEntries bounds the number of credentials in the config file.
const maxConfigEntries = 10000

// loadConfig reads the credentials of a config file. Error messages name
// lines and keys, never values: the file's text is walked as a YAML node
// tree instead of decoded into a map because the decoder's type errors quote
// the offending value.
func loadConfig(path string) (map[string]string, error) {
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
		return nil, fmt.Errorf("config file %s: not a regular file", path)
	}
	if mode := fi.Mode().Perm(); mode&0o077 != 0 && runtime.GOOS != "windows" {
		return nil, fmt.Errorf("config file %s: holds credentials but is accessible by group or others (mode %04o); run chmod 600 %s", path, mode, path)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxConfigBytes+1))
	if err != nil {
		return nil, fmt.Errorf("config file %s: %w", path, err)
	}
	if len(data) > maxConfigBytes {
		return nil, fmt.Errorf("config file %s: larger than %d bytes", path, maxConfigBytes)
	}
	creds, err := parseConfig(data)
	if err != nil {
		return nil, fmt.Errorf("config file %s: %w", path, err)
	}
	return creds, nil
}

// parseConfig reads `credentials: {NAME: value, …}` from YAML text. Other
// top-level sections belong to other readers of the same file and are
// skipped; a top-level key that looks like a variable name is an error,
// since it was meant to go under credentials. An empty document has no
// credentials.
func parseConfig(data []byte) (map[string]string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, errors.New("not valid YAML: " + yamlErrorLines(err))
	}
	creds := map[string]string{}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return creds, nil
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return creds, nil
	}
	if root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("line %d: the file must be a mapping with a \"credentials\" section", root.Line)
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Value != "credentials" && variableLike(k.Value) {
			return nil, fmt.Errorf("line %d: a variable must be indented under \"credentials:\"", k.Line)
		}
		if k.Kind != yaml.ScalarNode || k.Value != "credentials" {
			continue // another section (e.g. limits) for another reader
		}
		if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			continue
		}
		if v.Kind != yaml.MappingNode {
			return nil, fmt.Errorf("line %d: \"credentials\" must map variable names to values", v.Line)
		}
		if err := readCredentials(v, creds); err != nil {
			return nil, err
		}
	}
	return creds, nil
}

// readCredentials copies the scalar entries of mapping m into creds.
// Messages give line numbers only: a key may be a value typed in the wrong
// place.
func readCredentials(m *yaml.Node, creds map[string]string) error {
	if len(m.Content)/2 > maxConfigEntries {
		return fmt.Errorf("line %d: more than %d credentials", m.Line, maxConfigEntries)
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Value == "" {
			return fmt.Errorf("line %d: a credential's name must be a non-empty string", k.Line)
		}
		if _, dup := creds[k.Value]; dup {
			return fmt.Errorf("line %d: a variable is given twice", k.Line)
		}
		if v.Kind != yaml.ScalarNode {
			return fmt.Errorf("line %d: a value must be a string", v.Line)
		}
		if v.Tag == "!!null" {
			continue // "NAME:" with nothing after it leaves the variable unset
		}
		creds[k.Value] = v.Value
	}
	return nil
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

// yamlErrorLines keeps the line number of a YAML syntax error and drops the
// rest, so no part of the file's text reaches the message.
func yamlErrorLines(err error) string {
	msg := err.Error()
	for i := range len(msg) {
		if n, ok := lineAt(msg, i); ok {
			return fmt.Sprintf("syntax error at line %d", n)
		}
	}
	return "syntax error"
}

// lineAt reads "line N" at msg[i:].
func lineAt(msg string, i int) (int, bool) {
	const word = "line "
	if len(msg)-i < len(word)+1 || msg[i:i+len(word)] != word {
		return 0, false
	}
	n, j := 0, i+len(word)
	for ; j < len(msg) && msg[j] >= '0' && msg[j] <= '9' && n < 1e8; j++ {
		n = n*10 + int(msg[j]-'0')
	}
	return n, j > i+len(word)
}
