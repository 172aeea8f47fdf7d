package spill

import (
	"fmt"
	"strconv"
	"strings"
)

// FormatSize renders n bytes for people and models: "512 bytes", "1.5 MB".
// Units are binary (1 MB = 1024×1024 bytes), as the fileRef hints are.
func FormatSize(n int64) string {
	const unit = 1024
	if n < unit {
		if n == 1 {
			return "1 byte"
		}
		return strconv.FormatInt(n, 10) + " bytes"
	}
	v, suffix := float64(n)/unit, "KB"
	for _, s := range []string{"MB", "GB", "TB"} {
		if v < unit {
			break
		}
		v, suffix = v/unit, s
	}
	text := strconv.FormatFloat(v, 'f', 1, 64)
	return strings.TrimSuffix(text, ".0") + " " + suffix
}

// ParseSize reads a byte size such as "1048576", "512KB", "1.5 MB" or
// "2GiB". KB, MB and GB are binary units like KiB, MiB and GiB, matching
// FormatSize; humanize-style parsers read MB as 10^6, which would make
// "1 MB" here disagree with the "1 MB" the server prints.
func ParseSize(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := t, ""
	if i >= 0 {
		num, unit = t[:i], strings.TrimSpace(t[i:])
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f < 0 {
		return 0, fmt.Errorf("%q is not a size like 1MB or 1048576", s)
	}
	mult := map[string]float64{
		"": 1, "b": 1,
		"k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10,
		"m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20,
		"g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30,
	}[unit]
	if mult == 0 {
		return 0, fmt.Errorf("%q has an unknown unit; use bytes, KB, MB or GB", s)
	}
	v := f * mult
	if v > 1<<50 {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return int64(v), nil
}
