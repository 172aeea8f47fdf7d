package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"
)

// action is the part of one `go build -debug-actiongraph` entry the report
// reads. The Cmd* durations are those of the tool processes the action ran
// (compile, asm, cgo, gcc, link); zero for actions satisfied by the cache.
type action struct {
	Mode      string
	Package   string
	TimeStart time.Time
	TimeDone  time.Time
	CmdReal   time.Duration
	CmdUser   time.Duration
	CmdSys    time.Duration
}

// cost is what building some packages took.
type cost struct {
	cpu     time.Duration // user+sys of the tools that ran
	wall    time.Duration // summed action wall times (overlapping ones add up)
	actions int
}

func (c *cost) add(o cost) {
	c.cpu += o.cpu
	c.wall += o.wall
	c.actions += o.actions
}

// maxActionGraph bounds the action graph file read (petstore's is about
// 1 MB; a graph this large would mean something else went wrong).
const maxActionGraph = 256 << 20

// readActionGraph reads the action graph file and sums each package's
// actions: its compile, assembly and cgo steps; the link is booked to the
// main package.
func readActionGraph(path string) (map[string]cost, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.Size() > maxActionGraph {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d this report reads", path, info.Size(), maxActionGraph)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseActionGraph(data)
}

func parseActionGraph(data []byte) (map[string]cost, error) {
	var actions []action
	if err := json.Unmarshal(data, &actions); err != nil {
		return nil, fmt.Errorf("action graph: %w", err)
	}
	out := map[string]cost{}
	for _, a := range actions {
		if a.Package == "" || a.TimeStart.IsZero() || a.TimeDone.Before(a.TimeStart) {
			continue
		}
		c := out[a.Package]
		c.add(cost{cpu: a.CmdUser + a.CmdSys, wall: a.TimeDone.Sub(a.TimeStart), actions: 1})
		out[a.Package] = c
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("action graph: no timed actions")
	}
	return out, nil
}
