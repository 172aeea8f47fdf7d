package config

import (
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/filter"
	"github.com/swag2mcp/swag2mcp/runtime/spill"
)

// Kind is the type of a key's value, which decides how its text is read.
type Kind int

// Kinds of values.
const (
	Bool     Kind = iota // true or false
	Text                 // any string
	Path                 // a file or folder; a leading ~ is the home folder
	Duration             // a positive time: 10s, 1m30s, or seconds
	Cooldown             // a time of at least 0, where 0 switches it off
	Count                // a whole number from Key.Min to Key.Max
	Size                 // a byte size: 512KB, 1MB, 1048576
	List                 // comma-separated values (patterns); repeatable as a flag
	Enum                 // one of Key.Values, case ignored
	// SecretURL is a URL with a scheme of Key.Values that may carry a
	// password: never quoted in messages, refused from a flag when it
	// carries one, and a config file holding such a URL is a secret file.
	SecretURL
)

// maxDuration bounds every duration setting.
const maxDuration = 24 * time.Hour

// value is one parsed setting; the field of its key's kind is set.
type value struct {
	b    bool
	s    string
	d    time.Duration
	n    int64
	list []string
}

// parse reads text as k's value. Messages never quote the value of a
// secret key.
func (k *Key) parse(text string) (value, error) {
	t := strings.TrimSpace(text)
	quote := strconv.Quote(t)
	if k.Secret || k.Kind == SecretURL {
		quote = "the value"
	}
	switch k.Kind {
	case Bool:
		b, err := strconv.ParseBool(t)
		if err != nil {
			return value{}, fmt.Errorf("%s is not true or false", quote)
		}
		return value{b: b}, nil
	case Text:
		return value{s: t}, nil
	case Path:
		p, err := expandHome(t)
		return value{s: p}, err
	case Duration, Cooldown:
		d, err := duration(t)
		if err != nil {
			return value{}, fmt.Errorf("%s %v", quote, err)
		}
		if d == 0 && k.Kind == Duration {
			return value{}, fmt.Errorf("%s must be more than 0, e.g. 30s", quote)
		}
		return value{d: d}, nil
	case Count:
		n, err := strconv.Atoi(t)
		if err != nil || n < k.Min || (k.Max > 0 && n > k.Max) {
			if k.Max > 0 {
				return value{}, fmt.Errorf("%s is not a whole number from %d to %d", quote, k.Min, k.Max)
			}
			return value{}, fmt.Errorf("%s is not a whole number of at least %d", quote, k.Min)
		}
		return value{n: int64(n)}, nil
	case Size:
		n, err := spill.ParseSize(t)
		if err != nil {
			return value{}, err
		}
		if n <= 0 {
			return value{}, fmt.Errorf("%s must be more than 0 bytes", quote)
		}
		return value{n: n}, nil
	case List:
		return value{list: filter.Split(t)}, nil
	case SecretURL:
		u, err := url.Parse(t)
		if err != nil || u.Scheme == "" || !slices.Contains(k.Values, strings.ToLower(u.Scheme)) || u.Host == "" && u.Path == "" {
			return value{}, fmt.Errorf("the value is not a URL like %s://host:port", k.Values[0])
		}
		return value{s: t}, nil
	case Enum:
		for _, v := range k.Values {
			if strings.EqualFold(t, v) {
				return value{s: v}, nil
			}
		}
		return value{}, fmt.Errorf("%s is not %s", quote, orList(k.Values))
	}
	return value{}, fmt.Errorf("unknown kind %d", k.Kind)
}

// hasPassword reports whether a SecretURL value carries a password.
func hasPassword(text string) bool {
	u, err := url.Parse(strings.TrimSpace(text))
	if err != nil {
		return true // unreadable: treat as secret
	}
	_, ok := u.User.Password()
	return ok || u.Query().Has("password")
}

// duration reads "10s", "1m30s" or plain seconds ("10"), from 0 to a day.
func duration(s string) (time.Duration, error) {
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		if n < 0 || n > maxDuration.Seconds() {
			return 0, fmt.Errorf("is out of range (0 to %d seconds)", int(maxDuration.Seconds()))
		}
		return time.Duration(n * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 || d > maxDuration {
		return 0, fmt.Errorf("is not a duration like 10s or 1m")
	}
	return d, nil
}

// expandHome replaces a leading ~ with the user's home folder.
func expandHome(p string) (string, error) {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot expand ~: %w", err)
	}
	return filepath.Join(home, strings.TrimPrefix(p, "~")), nil
}

// level reads a log level name.
func level(s string) slog.Level {
	var l slog.Level
	_ = l.UnmarshalText([]byte(s)) // Enum checked the name
	return l
}

// orList renders ["a","b","c"] as "a, b or c".
func orList(vs []string) string {
	switch len(vs) {
	case 0:
		return ""
	case 1:
		return vs[0]
	}
	return strings.Join(vs[:len(vs)-1], ", ") + " or " + vs[len(vs)-1]
}
