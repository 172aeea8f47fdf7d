package spill

import (
	"runtime"
	"strings"
)

// OpenCommand is the shell command that opens path with the platform's
// default application: open on macOS, start on Windows, xdg-open elsewhere.
func OpenCommand(path string) string {
	return openCommand(runtime.GOOS, path)
}

func openCommand(goos, path string) string {
	switch goos {
	case "darwin":
		return "open " + shellQuote(path)
	case "windows":
		return `start "" "` + path + `"`
	}
	return "xdg-open " + shellQuote(path)
}

// shellQuote quotes s for a POSIX shell when it holds anything but safe
// characters.
func shellQuote(s string) string {
	safe := s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+:@%,=", r))
	}) < 0
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
