package search

import "slices"

// A query's frame: the words by which it is asked or by which it names
// the interface itself, which say nothing about which endpoint it wants.

// dropFrame leaves out the words by which a query is asked rather than
// what it asks ("how do I …", "can you please …", "… thanks"), and those
// by which it names the interface rather than what it wants ("endpoint to
// create a customer", "API for refunds", "which API call lists users",
// "delete a repo endpoint"): every result is an endpoint of the API, so
// they say nothing about which one, yet they match the few endpoints whose
// texts mention an API or an endpoint. Such a word is dropped only in that
// frame ("API keys" and "API usage" keep it), and only when under a
// twentieth of the API's endpoints have it in their titles: an API that
// manages APIs ("list all APIs") names its own resource so. Clauses left
// without words are consumed; a query left without a content word keeps
// them all.
func (in *intent) dropFrame(r *reader, ws []qword) []qword {
	drop := make([]bool, len(ws))
	opening, closing := openingFrames(), closingFrames()
	for i, n := 0, 0; i < len(ws); i += n {
		if n = frameAt(ws[i:], opening, false); n == 0 {
			break
		}
		for k := i; k < i+n; k++ {
			drop[k] = true
		}
	}
	for j, n := len(ws), 0; j > 0; j -= n {
		if n = frameAt(ws[:j], closing, true); n == 0 {
			break
		}
		for k := j - n; k < j; k++ {
			drop[k] = true
		}
	}
	for i, q := range ws {
		if isCallNoun(q.w) && i > 0 && drop[i-1] && isInterfaceNoun(ws[i-1].w) {
			drop[i] = true // "API call", "endpoint route"
			continue
		}
		if !isInterfaceNoun(q.w) || namesResource(r, q.w) {
			continue
		}
		prev, next := "", ""
		if i > 0 {
			prev = ws[i-1].w
		}
		j := i + 1
		if j < len(ws) && isCallNoun(ws[j].w) {
			j++ // "the API call that…": the call noun goes with it, below
		}
		if j < len(ws) {
			next = ws[j].w
		}
		switch {
		case opensPurpose(next), prev == "which" || prev == "what",
			i == len(ws)-1 && i >= 2: // "delete a repo endpoint"
			drop[i] = true
		}
	}
	var kept []qword
	left, content := map[int]bool{}, false
	for i, q := range ws {
		if !drop[i] {
			kept = append(kept, q)
			left[q.clause] = true
			content = content || !isStopWord(q.w)
		}
	}
	if !content {
		return ws // the frame is all there is ("which endpoint")
	}
	for i, q := range ws {
		if drop[i] && !left[q.clause] {
			in.consumed[q.clause] = true
		}
	}
	return kept
}

// namesResource reports a word that at least a twentieth of the API's
// endpoints have in their titles (summary, path or operationId).
func namesResource(r *reader, w string) bool {
	t, ok := normalize(w, false)
	if !ok {
		return false
	}
	info, ok := r.lookup(t)
	if !ok || info.df*20 < r.ix.Docs {
		return false
	}
	n := 0
	var p posting
	for it := r.postings(info); it.next(&p); {
		if p.mask&titleFields != 0 {
			if n++; n*20 >= r.ix.Docs {
				return true
			}
		}
	}
	return false
}

// openingFrames are the ways a request opens that say nothing about what
// is wanted; the "I" of "how do I" is not the caller of "my repos".
func openingFrames() [][]string {
	return [][]string{
		{"please"}, {"kindly"}, {"hi"}, {"hey"}, {"hello"},
		{"can", "you"}, {"could", "you"}, {"would", "you"}, {"will", "you"},
		{"can", "i"}, {"could", "i"}, {"may", "i"}, {"can", "we"},
		{"how", "do", "i"}, {"how", "can", "i"}, {"how", "could", "i"}, {"how", "should", "i"},
		{"how", "would", "i"}, {"how", "do", "we"}, {"how", "can", "we"}, {"how", "do", "you"}, {"how", "to"},
		{"i", "want", "to"}, {"i", "need", "to"}, {"i", "would", "like", "to"}, {"i", "d", "like", "to"},
		{"i", "wish", "to"}, {"i", "am", "trying", "to"}, {"i", "m", "trying", "to"},
		{"we", "want", "to"}, {"we", "need", "to"},
		{"help", "me"}, {"help", "us"}, {"let", "me"}, {"show", "me", "how", "to"}, {"tell", "me", "how", "to"},
		{"is", "there", "a", "way", "to"}, {"is", "it", "possible", "to"},
	}
}

// closingFrames are the ways a request closes that say nothing.
func closingFrames() [][]string {
	return [][]string{{"please"}, {"thanks"}, {"thank", "you"}}
}

// frameAt is the length of the longest of frames that ws starts with
// (ends with, when atEnd); 0 when none.
func frameAt(ws []qword, frames [][]string, atEnd bool) int {
	best := 0
	for _, f := range frames {
		if len(f) <= best || len(f) > len(ws) {
			continue
		}
		part := ws[:len(f)]
		if atEnd {
			part = ws[len(ws)-len(f):]
		}
		if slices.EqualFunc(f, part, func(w string, q qword) bool { return w == q.w }) {
			best = len(f)
		}
	}
	return best
}

// isInterfaceNoun reports words that name an API or one of its endpoints.
func isInterfaceNoun(w string) bool {
	switch w {
	case "api", "apis", "endpoint", "endpoints":
		return true
	}
	return false
}

// isCallNoun reports words that name an API's call after an interface
// noun ("API call"); alone they are often the API's own resource (a
// phone call, a route).
func isCallNoun(w string) bool {
	switch w {
	case "call", "calls", "route", "routes", "method", "methods", "operation", "operations", "request", "requests":
		return true
	}
	return false
}

// opensPurpose reports words after which a query says what an interface
// noun is for ("endpoint to", "API for", "call that").
func opensPurpose(w string) bool {
	switch w {
	case "to", "for", "that", "which", "returning", "listing", "creating", "deleting", "updating", "getting":
		return true
	}
	return false
}
