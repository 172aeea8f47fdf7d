package service

// Overview is the catalog's overview (catalog.Catalog.Overview) without
// the endpoints the run-time filter hides: the APIs, their sizes, main
// tags and resources, for the server's MCP instructions.
func (s *Service) Overview() string {
	return s.cat.Overview(s.hidden)
}
