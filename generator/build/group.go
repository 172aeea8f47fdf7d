package build

import (
	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi/datamodel/high/base"
	"github.com/pb33f/libopenapi/orderedmap"

	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/naming"
)

// defaultTag holds operations declared without tags.
const defaultTag = "default"

// grouping is what a spec says about its tags: x-tagGroups and the root tags list.
type grouping struct {
	groups []tagGroup
	tags   []*base.Tag
}

// tagGroup is one x-tagGroups entry.
type tagGroup struct {
	name string
	tags []string
}

// tagGroups reads the root x-tagGroups extension: a list of {name, tags}.
// Malformed entries are ignored.
func tagGroups(ext *orderedmap.Map[string, *yaml.Node]) []tagGroup {
	if ext == nil {
		return nil
	}
	n, ok := ext.Get("x-tagGroups")
	if !ok || n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	var out []tagGroup
	for _, item := range n.Content {
		var g struct {
			Name string   `yaml:"name"`
			Tags []string `yaml:"tags"`
		}
		if item.Decode(&g) != nil || g.Name == "" {
			continue
		}
		out = append(out, tagGroup{name: g.Name, tags: g.Tags})
	}
	return out
}

// group builds the collections of a spec. Tag order: x-tagGroups order, then
// the spec's tags list, then first appearance. Each endpoint sits under its
// first tag. A tag goes to the first x-tagGroups entry that lists it, else to
// the collection titled title, which comes after the groups. Tags and
// collections without endpoints are left out.
func group(domain, title string, g grouping, eps []lowered) []*ir.Collection {
	var order []string
	known := make(map[string]bool)
	note := func(name string) {
		if !known[name] {
			known[name] = true
			order = append(order, name)
		}
	}
	home := make(map[string]string) // tag → collection title
	for _, gr := range g.groups {
		for _, t := range gr.tags {
			note(t)
			if _, ok := home[t]; !ok {
				home[t] = gr.name
			}
		}
	}
	desc := make(map[string]string)
	for _, t := range g.tags {
		if t == nil {
			continue
		}
		note(t.Name)
		if _, ok := desc[t.Name]; !ok {
			desc[t.Name] = t.Description
		}
	}
	byTag := make(map[string][]*ir.Endpoint)
	for _, e := range eps {
		note(e.tags[0])
		byTag[e.tags[0]] = append(byTag[e.tags[0]], e.ep)
	}

	var cols []*ir.Collection
	colByTitle := make(map[string]*ir.Collection)
	collection := func(t string) *ir.Collection {
		if c, ok := colByTitle[t]; ok {
			return c
		}
		c := &ir.Collection{ID: naming.CollectionID(domain, t), Title: t}
		colByTitle[t] = c
		return c
	}
	for _, gr := range g.groups {
		collection(gr.name)
	}
	collection(title)
	for _, name := range order {
		if len(byTag[name]) == 0 {
			continue
		}
		ct, ok := home[name]
		if !ok {
			ct = title
		}
		c := collection(ct)
		c.Tags = append(c.Tags, &ir.Tag{
			ID:          naming.TagID(domain, name),
			Name:        name,
			Description: desc[name],
			Endpoints:   byTag[name],
		})
	}
	// Collections in the order first created: groups, then the title one.
	seen := make(map[*ir.Collection]bool)
	add := func(c *ir.Collection) {
		if !seen[c] && len(c.Tags) > 0 {
			seen[c] = true
			cols = append(cols, c)
		}
	}
	for _, gr := range g.groups {
		add(colByTitle[gr.name])
	}
	add(colByTitle[title])
	return cols
}
