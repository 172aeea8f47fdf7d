package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"time"
)

// stateRecord is one finished case in a state file: a JSON line.
type stateRecord struct {
	ID         string `json:"id"`
	Stage      string `json:"stage,omitempty"`
	Err        string `json:"err,omitempty"`
	Located    bool   `json:"located,omitempty"`
	Warnings   int    `json:"warnings,omitempty"`
	Warning    string `json:"warning,omitempty"`
	Tools      int    `json:"tools,omitempty"`
	Found      int    `json:"found,omitempty"`
	DurationMS int64  `json:"durationMs"`
}

// state is the results of an interrupted run, so the next one resumes:
// cases it holds are not checked again (failures too, unless retried).
// Records are appended as cases finish; a line cut by a crash is ignored.
type state struct {
	mu   sync.Mutex
	file *os.File
	done map[string]stateRecord
}

// openState reads the state file at path (none yet is fine) and opens it
// for appending.
func openState(path string) (*state, error) {
	st := &state{done: map[string]stateRecord{}}
	f, err := os.Open(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, err
	default:
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
		for sc.Scan() {
			var r stateRecord
			if json.Unmarshal(sc.Bytes(), &r) == nil && r.ID != "" {
				st.done[r.ID] = r
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("state %s: %w", path, err)
		}
	}
	st.file, err = os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	return st, nil
}

// result gives c's recorded result, if it has one and retry does not
// ask for it again (retry: check failures again).
func (st *state) result(c Case, retry bool) (Result, bool) {
	r, ok := st.done[c.ID()]
	if !ok || (retry && r.Stage != "") {
		return Result{}, false
	}
	return Result{Case: c, Stage: r.Stage, Err: r.Err, Located: r.Located, Warnings: r.Warnings, Warning: r.Warning,
		Tools: r.Tools, Found: r.Found, Duration: time.Duration(r.DurationMS) * time.Millisecond}, true
}

// record appends r.
func (st *state) record(r Result) error {
	b, err := json.Marshal(stateRecord{ID: r.Case.ID(), Stage: r.Stage, Err: r.Err, Located: r.Located,
		Warnings: r.Warnings, Warning: r.Warning, Tools: r.Tools, Found: r.Found, DurationMS: r.Duration.Milliseconds()})
	if err != nil {
		return err
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	_, err = st.file.Write(append(b, '\n'))
	return err
}

func (st *state) Close() error { return st.file.Close() }
