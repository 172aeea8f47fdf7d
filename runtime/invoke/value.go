package invoke

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// kind is the shape of a parameter value as serialization sees it.
type kind int

const (
	absent kind = iota
	scalar
	array
	object
)

// value is a parameter value reduced to formatted text: a scalar, the
// elements of an array or the members of an object (sorted by key).
type value struct {
	kind   kind
	text   string
	items  []string
	fields []field
}

// field is one member of an object value.
type field struct {
	key, text string
}

// normalize reduces a Go value handed to Request.Param to a value. Nil
// pointers, slices, maps and interfaces are absent; nested arrays and objects
// inside an array or object become their JSON text.
func normalize(v any) (value, error) {
	rv := deref(reflect.ValueOf(v))
	if !rv.IsValid() {
		return value{}, nil
	}
	if rv.Type() == reflect.TypeFor[json.RawMessage]() {
		return normalizeJSON(rv.Bytes())
	}
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.IsNil() {
			return value{}, nil
		}
		if rv.Type().Elem().Kind() == reflect.Uint8 {
			return value{kind: scalar, text: string(rv.Bytes())}, nil
		}
		items := make([]string, rv.Len())
		for i := range items {
			s, err := scalarText(rv.Index(i))
			if err != nil {
				return value{}, err
			}
			items[i] = s
		}
		return value{kind: array, items: items}, nil
	case reflect.Map:
		if rv.IsNil() {
			return value{}, nil
		}
		fields := make([]field, 0, rv.Len())
		iter := rv.MapRange()
		for iter.Next() {
			k, err := scalarText(iter.Key())
			if err != nil {
				return value{}, err
			}
			s, err := scalarText(iter.Value())
			if err != nil {
				return value{}, err
			}
			fields = append(fields, field{key: k, text: s})
		}
		slices.SortFunc(fields, func(a, b field) int { return strings.Compare(a.key, b.key) })
		return value{kind: object, fields: fields}, nil
	case reflect.Struct:
		raw, err := json.Marshal(rv.Interface())
		if err != nil {
			return value{}, err
		}
		return normalizeJSON(raw)
	}
	s, err := scalarText(rv)
	if err != nil {
		return value{}, err
	}
	return value{kind: scalar, text: s}, nil
}

// normalizeJSON normalizes a JSON document, keeping numbers as written and
// an object's members in the order given (OpenAPI leaves the order to the
// caller; keeping it lets a model control it).
func normalizeJSON(raw []byte) (value, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			return value{}, err
		}
		return normalize(v)
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil { // {
		return value{}, err
	}
	var fields []field
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return value{}, err
		}
		key, _ := t.(string)
		var member any
		if err := dec.Decode(&member); err != nil {
			return value{}, err
		}
		text, err := scalarText(reflect.ValueOf(member))
		if err != nil {
			return value{}, err
		}
		if member == nil {
			continue // an undefined member is left out, as RFC 6570 does
		}
		fields = append(fields, field{key: key, text: text})
	}
	if _, err := dec.Token(); err != nil { // }
		return value{}, err
	}
	return value{kind: object, fields: fields}, nil
}

// deref follows pointers and interfaces; it returns the zero Value for nil.
func deref(rv reflect.Value) reflect.Value {
	for rv.IsValid() && (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface) {
		if rv.IsNil() {
			return reflect.Value{}
		}
		rv = rv.Elem()
	}
	return rv
}

// scalarText formats a primitive without exponent: integers as integers,
// floats as the shortest decimal, booleans as true/false, nil as "". Arrays,
// objects and structs become their JSON text.
func scalarText(rv reflect.Value) (string, error) {
	rv = deref(rv)
	if !rv.IsValid() {
		return "", nil
	}
	if rv.Type() == reflect.TypeFor[json.Number]() {
		return numberText(json.Number(rv.String()))
	}
	switch rv.Kind() {
	case reflect.String:
		return rv.String(), nil
	case reflect.Bool:
		return strconv.FormatBool(rv.Bool()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(rv.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(rv.Uint(), 10), nil
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return "", fmt.Errorf("%v is not a finite number", f)
		}
		return strconv.FormatFloat(f, 'f', -1, rv.Type().Bits()), nil
	case reflect.Slice, reflect.Array, reflect.Map, reflect.Struct:
		raw, err := json.Marshal(rv.Interface())
		if err != nil {
			return "", err
		}
		return string(raw), nil
	}
	return "", fmt.Errorf("unsupported value of type %s", rv.Type())
}

// numberText writes a JSON number without exponent. Integers keep every
// digit, even past 64 bits.
func numberText(n json.Number) (string, error) {
	s := string(n)
	if !strings.ContainsAny(s, ".eE") {
		return s, nil
	}
	f, err := n.Float64()
	if err != nil {
		return "", fmt.Errorf("%q is not a number", s)
	}
	return strconv.FormatFloat(f, 'f', -1, 64), nil
}
