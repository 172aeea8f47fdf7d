package spill

import (
	"fmt"
	"strconv"
	"strings"
)

// FormatSize renders n bytes for people and models: "512 bytes", "1.5 MiB".
// Units are binary and say so (1 MiB = 1024×1024 bytes): 1,500,000 bytes
// are "1.4 MiB", never "1.4 MB".
func FormatSize(n int64) string {
	const unit = 1024
	if n < unit {
		if n == 1 {
			return "1 byte"
		}
		return strconv.FormatInt(n, 10) + " bytes"
	}
	v, suffix := float64(n)/unit, "KiB"
	for _, s := range []string{"MiB", "GiB", "TiB"} {
		if v < unit {
			break
		}
		v, suffix = v/unit, s
	}
	text := strconv.FormatFloat(v, 'f', 1, 64)
	return strings.TrimSuffix(text, ".0") + " " + suffix
}

// ParseSize reads a byte size such as "1048576", "512KiB", "1.5 MiB" or
// "2GiB". KB, MB and GB are read as the binary KiB, MiB and GiB too,
// because settings have always been written that way ("1MB" has meant
// 1,048,576 bytes); FormatSize prints the binary names, so what the
// server says matches what it reads.
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
