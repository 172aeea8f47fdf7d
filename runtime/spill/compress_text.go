package spill

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Bounds of compressing text.
const (
	textSampleHead = 40
	textSampleTail = 10
)

// compressText writes text in mode compact (blank runs collapsed, empty
// lines dropped) or sample (first and last lines), cut at limit bytes.
func compressText(r io.Reader, mode string, limit int, out *Compressed) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var b strings.Builder
	var tail []string // ring of the last lines (sample)
	lines, kept := 0, 0
	for {
		line, err := readLine(br, textLineLen*4)
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		lines++
		switch mode {
		case ModeCompact:
			line = strings.Join(strings.Fields(line), " ")
			if line == "" || out.Truncated {
				continue
			}
			if b.Len()+len(line)+1 > limit {
				out.Truncated = true
				continue
			}
			b.WriteString(line)
			b.WriteByte('\n')
			kept++
		case ModeSample:
			line = cutString(line, textLineLen)
			if lines <= textSampleHead {
				b.WriteString(line)
				b.WriteByte('\n')
				kept++
				continue
			}
			tail = append(tail, line)
			if len(tail) > textSampleTail {
				tail = tail[1:]
			}
		}
	}
	if mode == ModeSample && len(tail) > 0 {
		if skipped := lines - textSampleHead - len(tail); skipped > 0 {
			fmt.Fprintf(&b, "… %d lines not shown …\n", skipped)
			out.Truncated = true
		}
		for _, l := range tail {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	out.Text = b.String()
	if out.Truncated && mode == ModeCompact {
		out.Message = fmt.Sprintf("cut at the %s answer limit after %d of %d lines; mode sample shows the first and last lines",
			FormatSize(int64(limit)), kept, lines)
	}
	return nil
}

// readLine reads one line without its line break, keeping at most max
// bytes of it (the rest is consumed); io.EOF when no line is left.
func readLine(br *bufio.Reader, max int) (string, error) {
	var line []byte
	read := false
	for {
		chunk, err := br.ReadSlice('\n')
		read = read || len(chunk) > 0
		if room := max - len(line); room > 0 {
			line = append(line, chunk[:min(len(chunk), room)]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return "", err
		}
		if err == io.EOF && !read {
			return "", io.EOF
		}
		s := strings.TrimRight(string(line), "\r\n")
		return strings.ToValidUTF8(s, "\uFFFD"), nil
	}
}
