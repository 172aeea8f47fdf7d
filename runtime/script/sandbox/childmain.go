package sandbox

import (
	"fmt"
	"io"
	"strconv"
)

// EnvChild marks a script process. Its value is the memory headroom in
// bytes; a process started with it is a child and nothing else.
const EnvChild = "SWAG2MCP_SCRIPT_CHILD"

// IsChild reports whether this process was started as a script process.
// The entry point asks before doing anything else.
func IsChild(getenv func(string) string) bool { return getenv(EnvChild) != "" }

// ChildMain runs this process as a script process: it limits its memory,
// then runs the scripts the server sends over stdin and stdout until
// stdin ends. It returns the exit code; problems go to stderr.
func ChildMain(getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	headroom, err := strconv.ParseInt(getenv(EnvChild), 10, 64)
	if err != nil || headroom <= 0 {
		fmt.Fprintf(stderr, "script process: %s=%q is not a byte count\n", EnvChild, getenv(EnvChild))
		return 2
	}
	b, err := limitMemory(headroom)
	if err != nil {
		fmt.Fprintf(stderr, "script process: %v\n", err)
		return 1
	}
	if err := serve(stdin, stdout, b); err != nil {
		fmt.Fprintf(stderr, "script process: %v\n", err)
		return 1
	}
	return 0
}
