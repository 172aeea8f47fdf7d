package service

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// DecodeArgs reads a call's JSON arguments (an object; empty or null for
// none) into dst, a pointer to a struct whose json tags name the
// arguments. It is the one decoder of tool arguments, for every adapter:
// unknown arguments and values of the wrong type are one validation_failed
// error that lists every problem; null leaves a field zero. An object or
// array argument sent as JSON text is parsed (healed) and its JSON pointer
// returned. Rules on values (required, ranges) are the service's, checked
// by the call itself.
func DecodeArgs(raw json.RawMessage, dst any) (healed []string, err error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || isNull(raw) {
		return nil, nil
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(raw, &members) != nil || members == nil {
		return nil, validationFailed("arguments must be a JSON object")
	}
	v := reflect.ValueOf(dst).Elem()
	fields := argFields(v.Type())
	var problems []string
	for _, name := range sortedMembers(members) {
		value := members[name]
		f, ok := fields[name]
		if !ok {
			problems = append(problems, fmt.Sprintf("unknown argument %q (this tool takes %s)", name, strings.Join(fieldNames(fields), ", ")))
			continue
		}
		if isNull(value) {
			continue
		}
		field := v.FieldByIndex(f.Index)
		if wantsObject(field.Type()) {
			if text, ok := jsonText(value); ok {
				value = text
				healed = append(healed, "/"+name)
			}
		}
		if json.Unmarshal(value, field.Addr().Interface()) != nil {
			problems = append(problems, fmt.Sprintf("%s must be %s", name, kindName(field.Type())))
		}
	}
	if len(problems) > 0 {
		return nil, validationFailed("%s", strings.Join(problems, "; "))
	}
	return healed, nil
}

// argFields maps json names to the exported fields of struct type t.
func argFields(t reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f
	}
	return out
}

func fieldNames(fields map[string]reflect.StructField) []string {
	names := make([]string, 0, len(fields))
	for n := range fields {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func sortedMembers(m map[string]json.RawMessage) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// wantsObject reports a map or struct field, whose value a model may have
// quoted as JSON text.
func wantsObject(t reflect.Type) bool {
	return t.Kind() == reflect.Map || t.Kind() == reflect.Struct && t != reflect.TypeFor[json.RawMessage]()
}

// jsonText returns the object a JSON string holds as text.
func jsonText(raw json.RawMessage) (json.RawMessage, bool) {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return nil, false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal([]byte(s), &m) != nil || m == nil {
		return nil, false
	}
	return json.RawMessage(s), true
}

// kindName names the JSON a Go type takes, for a message.
func kindName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8,
		reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Map:
		if t.Elem().Kind() == reflect.String {
			return "an object of strings"
		}
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "valid JSON"
}
