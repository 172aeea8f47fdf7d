package build

import (
	v3high "github.com/pb33f/libopenapi/datamodel/high/v3"
	"github.com/pb33f/libopenapi/datamodel/low"
	v3low "github.com/pb33f/libopenapi/datamodel/low/v3"
)

// releaserV3 returns what drops a lowered path item from both of
// libopenapi's models (high and low), so the collector can reclaim it while
// the rest of the spec is lowered. Everything lowering keeps is its own
// copy, and references resolve through YAML nodes, which stay. On Graph
// beta the live heap at the end of the walk falls from 1,422 to 877 MiB
// with the output unchanged. Paths must be released in the order the walk
// meets them (the maps' order).
func releaserV3(p *v3high.Paths) func(path string) {
	lp := p.GoLow()
	if lp == nil || lp.PathItems == nil {
		return func(path string) { p.PathItems.Set(path, nil) }
	}
	pair := lp.PathItems.First()
	return func(path string) {
		p.PathItems.Set(path, nil)
		for pair != nil && pair.Key().Value != path {
			pair = pair.Next()
		}
		if pair != nil {
			lp.PathItems.Set(pair.Key(), low.ValueReference[*v3low.PathItem]{})
			pair = pair.Next()
		}
	}
}
