package main

import (
	"strings"

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
)

// Phrasing conditions (-stress): the tuning half's queries written the
// other ways a model or a person asks for an operation. Each but terse
// rewrites a query whose second word is a determiner ("delete a webhook"),
// taking its first word as the verb; other queries stay as written.
const (
	// stressThirdPerson describes the operation, as API texts do:
	// "Deletes a webhook".
	stressThirdPerson = "third-person"
	// stressGerund names it as an activity: "Deleting a webhook".
	stressGerund = "gerund"
	// stressAsked asks which endpoint does it: "which endpoint deletes a
	// webhook".
	stressAsked = "asked"
	// stressNominal names the operation by its action's noun, as titles
	// and keyword searches do: "Deletion of a webhook". A verb without a
	// noun in nominals leaves its query as written.
	stressNominal = "nominal"
	// stressTerse drops the articles of every query, as keyword searches
	// are written: "delete webhook from repo".
	stressTerse = "terse"
)

// withPhrasing returns a copy of set whose natural-language queries are
// rephrased by cond's rewrite; syntax queries are left as written.
func withPhrasing(set *queryset.QuerySet, cond string) *queryset.QuerySet {
	out := *set
	out.Queries = make([]queryset.Labelled, len(set.Queries))
	for i, q := range set.Queries {
		if !q.IsSyntax() {
			q.Q = phrased(q.Q, cond)
		}
		out.Queries[i] = q
	}
	return &out
}

// terse is q without its articles, or q when nothing else would be left.
// Other determiners stay: "my playlists" and "playlists" ask different
// things.
func terse(q string) string {
	var kept []string
	for _, w := range strings.Fields(q) {
		if lw := strings.ToLower(w); lw != "a" && lw != "an" && lw != "the" {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		return q
	}
	return strings.Join(kept, " ")
}

// phrased rewrites q by cond when its first word is a plain lowercase
// word and its second a determiner; q itself otherwise.
func phrased(q, cond string) string {
	if cond == stressTerse {
		return terse(q)
	}
	ws := strings.Fields(q)
	if len(ws) < 2 || !phrasedDeterminer(strings.ToLower(ws[1])) {
		return q
	}
	verb := ws[0]
	for _, c := range verb {
		if c < 'a' || c > 'z' {
			return q
		}
	}
	rest := " " + strings.Join(ws[1:], " ")
	switch cond {
	case stressThirdPerson:
		return capitalized(thirdPerson(verb)) + rest
	case stressGerund:
		return capitalized(gerund(verb)) + rest
	case stressAsked:
		return "which endpoint " + thirdPerson(verb) + rest
	case stressNominal:
		if n, ok := nominals()[verb]; ok {
			return capitalized(n) + " of" + rest
		}
	}
	return q
}

// phrasedDeterminer reports the words that open a verb's object in the
// query sets. It is written apart from runtime/search's isDeterminer on
// purpose: a condition must not share the rule it measures.
func phrasedDeterminer(w string) bool {
	switch w {
	case "a", "an", "the", "my", "our", "your", "this", "that", "these", "those",
		"some", "all", "every", "each", "one", "another":
		return true
	}
	return false
}

// thirdPerson is the English third person singular of a regular verb.
func thirdPerson(v string) string {
	n := len(v)
	switch {
	case n > 2 && v[n-1] == 'y' && !isVowel(v[n-2]):
		return v[:n-1] + "ies"
	case strings.HasSuffix(v, "s"), strings.HasSuffix(v, "x"), strings.HasSuffix(v, "ch"), strings.HasSuffix(v, "sh"):
		return v + "es"
	}
	return v + "s"
}

// gerund is the -ing form of a regular verb: a silent e dropped, the last
// consonant of a short closed syllable doubled ("get" → "getting").
func gerund(v string) string {
	n := len(v)
	switch {
	case strings.HasSuffix(v, "ie"):
		return v[:n-2] + "ying"
	case strings.HasSuffix(v, "e") && !strings.HasSuffix(v, "ee"):
		return v[:n-1] + "ing"
	case n == 3 && !isVowel(v[0]) && isVowel(v[1]) && !isVowel(v[2]) && !strings.ContainsRune("wxy", rune(v[2])):
		return v + v[2:] + "ing"
	}
	return v + "ing"
}

func isVowel(c byte) bool { return strings.IndexByte("aeiou", c) >= 0 }

func capitalized(w string) string { return strings.ToUpper(w[:1]) + w[1:] }

// nominals are the nouns English names verbs' actions by, for verbs that
// ask an API for something; the nouns that are spelt as their verb
// ("update", "upload") are listed too, since titles use them the same way.
// It is written apart from runtime/search on purpose, from general usage,
// not from the query sets' verbs.
func nominals() map[string]string {
	return map[string]string{
		"accept": "acceptance", "activate": "activation", "add": "addition", "approve": "approval",
		"assign": "assignment", "cancel": "cancellation", "change": "change", "close": "closure",
		"compare": "comparison", "confirm": "confirmation", "create": "creation",
		"deactivate": "deactivation", "delete": "deletion", "deploy": "deployment",
		"download": "download", "duplicate": "duplication", "execute": "execution", "export": "export",
		"generate": "generation", "get": "retrieval", "import": "import", "insert": "insertion",
		"install": "installation", "invite": "invitation", "list": "listing", "modify": "modification",
		"open": "opening", "pause": "pause", "publish": "publication", "purge": "purge",
		"record": "recording", "refresh": "refresh", "register": "registration", "reject": "rejection",
		"remove": "removal", "rename": "renaming", "replace": "replacement", "reschedule": "rescheduling",
		"restore": "restoration", "retrieve": "retrieval", "revoke": "revocation", "schedule": "scheduling",
		"search": "search", "settle": "settlement", "share": "sharing", "start": "start",
		"submit": "submission", "terminate": "termination", "transfer": "transfer", "update": "update",
		"upload": "upload", "validate": "validation", "verify": "verification",
	}
}
