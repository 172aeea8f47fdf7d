// Package boundedfile reads the evaluation's small input files with a
// bound on their size, so a wrong path to a huge file fails fast.
package boundedfile

import (
	"fmt"
	"io"
	"os"
)

// Read returns file's contents, or an error naming file when it holds more
// than max bytes. It reads at most max+1 bytes, whatever the file's size.
func Read(file string, max int64) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s: larger than %d bytes", file, max)
	}
	return data, nil
}
