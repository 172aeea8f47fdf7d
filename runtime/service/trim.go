package service

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Invoke's response formats.
const (
	FormatDetailed = "detailed" // the default: the body as the API sent it
	FormatConcise  = "concise"  // long arrays sampled, long strings cut, nulls dropped
)

// Bounds of a concise body.
const (
	conciseArrayOver = 5   // arrays longer than this are sampled
	conciseArrayKeep = 3   // items a sampled array keeps
	conciseString    = 200 // bytes a string keeps
	maxTrimmedPaths  = 20  // sampled arrays listed by path
)

// Trimmed says what a concise body left out.
type Trimmed struct {
	// Arrays are the sampled arrays by path ([*] for every item of an
	// array): how long the longest was and how many items each kept.
	Arrays []TrimmedArray `json:"arrays,omitempty"`
	// MoreArrays counts sampled array paths past the listed ones.
	MoreArrays int    `json:"moreArrays,omitempty"`
	Strings    int    `json:"strings,omitempty"` // strings cut to their first 200 bytes, marked with …
	Nulls      int    `json:"nulls,omitempty"`   // null members dropped from objects
	Detailed   string `json:"detailed"`          // how to get the body whole
}

// TrimmedArray is one sampled array path.
type TrimmedArray struct {
	Path   string `json:"path"`
	Length int    `json:"length"` // the longest array at this path
	Kept   int    `json:"kept"`
}

// trimBody is body in the concise format and what it left out, or nil
// when nothing was.
func trimBody(body any) (any, *Trimmed) {
	t := &trimmer{arrays: map[string]*TrimmedArray{}}
	out := t.value(body, "$")
	if len(t.arrays) == 0 && t.strings == 0 && t.nulls == 0 {
		return body, nil
	}
	tr := &Trimmed{Strings: t.strings, Nulls: t.nulls,
		Detailed: `invoke again with response_format "detailed" (the default) for the body whole`}
	for _, p := range t.order {
		if len(tr.Arrays) == maxTrimmedPaths {
			tr.MoreArrays = len(t.order) - maxTrimmedPaths
			break
		}
		tr.Arrays = append(tr.Arrays, *t.arrays[p])
	}
	return out, tr
}

// trimmer walks one body.
type trimmer struct {
	arrays  map[string]*TrimmedArray
	order   []string
	strings int
	nulls   int
}

func (t *trimmer) value(v any, path string) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if x[k] == nil {
				t.nulls++
				continue
			}
			out[k] = t.value(x[k], memberPath(path, k))
		}
		return out
	case []any:
		items := x
		if len(x) > conciseArrayOver {
			t.sampled(path, len(x))
			items = x[:conciseArrayKeep]
		}
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = t.value(it, path+"[*]")
		}
		return out
	case string:
		if len(x) <= conciseString {
			return x
		}
		t.strings++
		s := x[:conciseString]
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
		return s + "…"
	}
	return v
}

func (t *trimmer) sampled(path string, n int) {
	a, ok := t.arrays[path]
	if !ok {
		a = &TrimmedArray{Path: path, Kept: conciseArrayKeep}
		t.arrays[path] = a
		t.order = append(t.order, path)
	}
	a.Length = max(a.Length, n)
}

// memberPath extends a JSONPath by a member name.
func memberPath(path, name string) string {
	plain := name != ""
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			plain = false
			break
		}
	}
	if plain {
		return path + "." + name
	}
	q, _ := json.Marshal(name) // a string always encodes
	return path + "[" + string(q) + "]"
}

// checkFormat validates invoke's response_format.
func checkFormat(f string) *Error {
	if f == "" || f == FormatDetailed || f == FormatConcise {
		return nil
	}
	return validationFailed("response_format must be %s or %s, not %s",
		strconv.Quote(FormatConcise), strconv.Quote(FormatDetailed), strconv.Quote(f))
}
