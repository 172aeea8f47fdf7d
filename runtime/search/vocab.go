package search

// Models ask in intents ("remove a webhook from my repo"); specs answer in
// their own words ("Delete a repository webhook"). The vocabulary bridges
// the two: a query word also searches its related API words, weighted
// below the word itself, and an action verb hints at HTTP methods, which
// lifts endpoints of those methods without excluding others. Every entry is
// general English or general API usage, never one API's jargon.

// Weights of expanded words relative to the word the query used.
const (
	weightVerbSynonym = 0.55
	weightNounSynonym = 0.8
	weightForm        = 0.7  // a related form of the word (WordNet), see appendForms
	weightMeaning     = 0.7  // a word near it in meaning, when the API lacks the word (appendForms)
	weightPhrase      = 0.9  // words of a multi-word expression ("turn on")
	weightCriterion   = 0.5  // a word naming a filter criterion ("by name")
	weightHint        = 0.35 // score lift of an endpoint whose method the query's action hints at
	weightReadHint    = 0.2  // the same for GET when the query names no action
	weightShape       = 0.1  // score lift (or cut) of a GET endpoint whose path fits the query's shape
)

// meaning is what a query word or expression stands for.
type meaning struct {
	words   []string // API words it also searches
	terms   []string // index terms it also searches at weightMeaning (a phrasal verb's, see phrasalMeaning)
	weight  float64  // their weight relative to the query's own word
	methods []string // HTTP methods an action hints at
	fields  uint     // when not 0, the text fields its words count in
}

// titleFields are the fields that name an operation: an action's words
// count there only ("find" in a long description says little).
const titleFields = 1<<fieldSummary | 1<<fieldPath | 1<<fieldOperationID

// HTTP method sets that actions hint at.
func methodsRead() []string   { return []string{"GET"} }
func methodsCreate() []string { return []string{"POST", "PUT"} }
func methodsDelete() []string { return []string{"DELETE"} }
func methodsUpdate() []string { return []string{"PATCH", "PUT"} }
func methodsAct() []string    { return []string{"POST", "PUT", "PATCH"} }
func methodsWrite() []string  { return []string{"POST", "PUT", "PATCH", "DELETE"} }

// readWords are the API words of reading actions.
func readWords() []string {
	return []string{"list", "get", "retrieve", "fetch", "find", "show", "read"}
}

// wordMeaning is the meaning of one lowercase query word; zero when the
// vocabulary has nothing to say.
func wordMeaning(w string) meaning {
	if m := verbMeaning(w); m.methods != nil {
		return m
	}
	if ws := nounGroup(w); ws != nil {
		return meaning{words: ws, weight: weightNounSynonym}
	}
	return meaning{}
}

// verbMeaning returns the verbs of w's action and the methods they hint at.
func verbMeaning(w string) meaning {
	verb := func(methods []string, words ...string) meaning {
		return meaning{words: words, weight: weightVerbSynonym, methods: methods, fields: titleFields}
	}
	switch w {
	case "find", "lookup", "locate": // a lookup may be the API's search
		return verb(methodsRead(), append(readWords(), "search", "lookup")...)
	case "list", "get", "show", "fetch", "retrieve", "read", "view",
		"see", "display", "obtain", "browse", "return", "returns", "enumerate", "check":
		return verb(methodsRead(), readWords()...)
	case "search", "query":
		return verb(methodsRead(), "search", "find", "query")
	case "create", "add", "new", "make", "insert", "register", "submit", "post",
		"generate", "upload", "send", "invite", "publish", "compose", "put", "attach":
		return verb(methodsCreate(), "create", "add", "new", "post", "upload", "send")
	case "start":
		return verb(methodsCreate(), "create", "start", "new")
	case "delete", "remove", "revoke", "destroy", "erase", "drop", "unregister",
		"discard", "purge", "unset", "clear", "detach", "uninstall", "wipe":
		return verb(methodsDelete(), "delete", "remove", "revoke", "destroy")
	case "update", "edit", "change", "rename", "modify", "patch", "set", "replace",
		"alter", "adjust", "configure", "toggle", "fix", "correct", "mark", "save":
		return verb(methodsUpdate(), "update", "edit", "change", "modify", "set", "replace", "rename")
	case "close", "reopen":
		return verb(methodsUpdate(), "update", "close", "state")
	case "enable", "activate":
		return verb(methodsAct(), "enable", "disable", "update", "set", "setting")
	case "disable", "deactivate":
		// Turning a feature off is as often a DELETE of what turned it on
		// ("Disable a selected repository": DELETE …/repositories/{id}).
		return verb(methodsWrite(), "enable", "disable", "update", "set", "setting")
	case "approve", "accept":
		return verb(methodsAct(), "approve", "accept")
	case "reject", "decline", "deny", "refuse":
		// Not the approving words: an API with both answers names them apart.
		return verb(methodsAct(), "reject", "decline", "deny")
	case "cancel", "abort", "stop", "halt", "terminate", "interrupt":
		return verb(methodsAct(), "cancel", "stop", "abort")
	case "pause", "suspend", "freeze":
		return verb(methodsAct(), "pause", "suspend")
	case "resume", "unpause", "unsuspend", "unfreeze":
		return verb(methodsAct(), "resume", "unpause", "unsuspend")
	case "trigger", "run", "rerun", "execute", "dispatch", "launch", "invoke", "retry", "restart":
		return verb(methodsAct(), "run", "rerun", "trigger", "dispatch", "execute")
	case "move", "transfer", "migrate", "relocate":
		return verb(methodsAct(), "move", "transfer")
	case "restore", "recover", "undelete", "undo", "revert", "rollback":
		return verb(methodsAct(), "restore", "recover", "undelete", "rollback", "revert")
	case "lock", "pin", "block", "mute":
		return verb(methodsAct(), w)
	case "unlock", "unpin", "unblock", "unmute":
		// Undoing a relation or state is a DELETE of it in REST APIs.
		return verb(methodsDelete(), w, w[2:], "remove", "delete")
	case "follow":
		return verb(methodsAct(), "follow", "follower", "following")
	case "unfollow":
		return verb(methodsDelete(), "unfollow", "follow", "following", "remove", "delete")
	case "subscribe":
		return verb(methodsAct(), "subscribe", "subscription")
	case "unsubscribe":
		return verb(methodsDelete(), "unsubscribe", "subscription", "remove", "delete")
	case "assign":
		return verb(methodsAct(), "assign", "assignee")
	case "unassign":
		return verb(methodsDelete(), "unassign", "assignee", "remove", "delete")
	case "merge":
		return verb(methodsAct(), "merge")
	case "import", "forward", "render", "convert":
		return verb(methodsAct(), w)
	}
	return meaning{}
}

// actionAdjective reports an adjective that names an action ("a new
// webhook" is one to create). The vocabulary's other action words are
// nouns too, and before a noun they name the object ("a check run", "a
// send list", "an upload token").
func actionAdjective(w string) bool { return w == "new" }

// phraseMeaning is the meaning of a multi-word expression (words joined by
// single spaces): phrasal verbs and idioms whose words mean little alone.
func phraseMeaning(p string) meaning {
	act := func(methods []string, words ...string) meaning {
		return meaning{words: words, weight: weightPhrase, methods: methods, fields: titleFields}
	}
	noun := func(words ...string) meaning { return meaning{words: words, weight: weightPhrase} }
	switch p {
	case "turn on", "switch on":
		return act(methodsAct(), "enable", "update", "setting")
	case "turn off", "switch off", "shut off":
		return act(methodsAct(), "disable", "update", "setting")
	case "set up", "sign up":
		return act(methodsCreate(), "create", "setup", "register")
	case "take off", "take out", "kick out", "throw out", "get rid", "clean up":
		return act(methodsDelete(), "delete", "remove")
	case "put on":
		return act(methodsCreate(), "add", "set")
	case "look up":
		return act(methodsRead(), "get", "find", "lookup", "search")
	case "find out":
		return act(methodsRead(), "get", "find", "lookup")
	case "log in", "sign in":
		return act(nil, "login", "authenticate", "session", "token")
	case "log out", "sign out":
		return act(nil, "logout", "session", "revoke")
	case "shut down":
		return act(methodsAct(), "stop", "shutdown")
	case "roll back":
		return act(methodsAct(), "rollback", "revert", "restore")
	case "back up":
		return act(nil, "backup", "export")
	case "who am", "who am i", "about me", "current user", "logged in", "signed in":
		return noun("authenticated", "me", "current", "self", "user")
	case "at once", "in bulk", "lots of", "many of":
		return noun("batch", "bulk", "many", "multiple")
	case "how many", "number of":
		return act(methodsRead(), "count", "total", "number")
	case "left over", "have left", "remaining":
		return noun("remaining", "limit", "quota")
	case "edit history", "change history", "revision history", "version history":
		return noun("revision", "history", "version")
	}
	return meaning{}
}

// nounGroup returns the API words a query word may stand for:
// abbreviations, spelling variants and near synonyms.
func nounGroup(w string) []string {
	switch w {
	case "org", "orgs", "organisation", "organisations":
		return []string{"organization"}
	case "account", "profile":
		return []string{"user", "profile"}
	case "dir", "folder", "folders":
		return []string{"directory"}
	case "config", "conf", "settings", "preferences", "options":
		return []string{"configuration", "setting", "preference"}
	case "auth", "authn", "authz":
		return []string{"authentication", "authorization"}
	case "login", "signin":
		return []string{"login", "session"}
	case "logout", "signout":
		return []string{"logout", "session"}
	case "pic", "picture", "photo", "img", "image", "avatar":
		return []string{"image", "photo", "picture", "avatar"}
	case "msg", "msgs", "dm", "dms":
		return []string{"message"}
	case "email", "emails", "mail", "mails":
		return []string{"email", "mail", "message"}
	case "inbox", "mailbox":
		return []string{"inbox", "mailbox", "message"}
	case "conversation", "conversations", "discussion", "discussions":
		return []string{"thread", "conversation", "discussion"}
	case "thread", "threads":
		return []string{"conversation"}
	case "bin", "trash", "recycle", "wastebasket", "garbage":
		return []string{"trash"}
	case "doc", "docs":
		return []string{"document"}
	case "env", "envs":
		return []string{"environment"}
	case "perm", "perms", "privilege", "privileges", "rights", "access":
		return []string{"permission", "privilege", "access"}
	case "permission", "permissions":
		return []string{"privilege", "access"}
	case "invitation", "invitations":
		return []string{"invite"}
	case "stats", "stat", "metrics", "analytics":
		return []string{"statistics", "stats", "metric"}
	case "info", "details":
		return []string{"information", "detail"}
	case "notif", "notifs", "alerts":
		return []string{"notification"}
	case "sub", "subs", "subscriptions":
		return []string{"subscription", "subscriber"}
	case "follows", "followers":
		return []string{"follower", "following"}
	case "pw", "pwd", "passwd":
		return []string{"password"}
	case "customer", "customers", "client", "clients":
		return []string{"customer", "client", "account"}
	case "order", "orders", "purchase":
		return []string{"order"}
	case "payment", "payments", "pay":
		return []string{"payment"}
	case "bill", "bills":
		return []string{"invoice"}
	case "price", "cost":
		return []string{"price", "pricing"}
	case "count", "number", "total":
		return []string{"count"}
	case "download", "export":
		return []string{"download", "archive", "export"}
	case "ban":
		return []string{"block", "ban"}
	case "whoami":
		return []string{"authenticated", "me", "current"}
	case "team", "teams", "group", "groups":
		return []string{"team", "group"}
	case "secret", "secrets", "credential", "credentials":
		return []string{"secret", "credential", "token"}
	case "key", "keys", "token", "tokens":
		return []string{"key", "token"}
	case "someone", "somebody", "person", "people", "anyone", "teammate", "teammates", "colleague", "colleagues":
		return []string{"user", "member"}
	case "belong", "belongs", "membership", "memberships":
		return []string{"member", "membership"}
	case "favourite", "favourites", "favorite", "favorites", "bookmark", "bookmarks":
		return []string{"favorite", "bookmark"}
	case "licence", "licences":
		return []string{"license"}
	case "colour", "colours":
		return []string{"color"}
	case "cert", "certs", "certificate", "certificates":
		return []string{"certificate", "tls", "ssl"}
	case "batch", "bulk", "multiple", "several", "many":
		return []string{"batch", "bulk", "multiple"}
	case "history", "revisions", "versions":
		return []string{"history", "revision", "version"}
	case "similar", "alike":
		return []string{"similar", "related"}
	case "moderator", "moderators", "admin", "admins":
		return []string{"moderator", "administrator", "admin"}
	case "quota", "ratelimit":
		return []string{"limit", "quota", "rate"}
	case "left", "remaining":
		return []string{"remaining", "limit"}
	case "language", "languages", "locale":
		return []string{"language", "locale"}
	case "alive", "reachable", "health", "healthy", "healthcheck", "liveness", "ping":
		// Asking whether a service is up: APIs answer with a ping, a
		// health check or an "is alive" endpoint.
		return []string{"ping", "health", "alive", "healthcheck"}
	}
	return nil
}

// opensObject reports words that open a verb's object (determiners, and
// "on" and "to"): after a query's first word they mark that word as an
// imperative verb ("fork a repo", "comment on an issue").
func opensObject(w string) bool {
	switch w {
	case "a", "an", "the", "my", "our", "your", "this", "that", "these", "those",
		"some", "all", "every", "each", "one", "another", "someone", "somebody",
		"on", "to": // "comment on an issue", "reply to a message"
		return true
	}
	return false
}

// isDeterminer reports the words of opensObject that open a noun
// phrase: after them a word is a noun ("gets a database"), never a
// particle's object ("comments on an issue" may be a noun phrase).
func isDeterminer(w string) bool {
	return opensObject(w) && w != "on" && w != "to"
}

// shapeOf says whether a query word asks for a collection (plural nouns,
// "all") or for one item ("one", "single"), or nothing.
func shapeOf(w string) shape {
	if sh := namedShape(w); sh != shapeNone {
		return sh
	}
	n := len(w)
	if n > 3 && w[n-1] == 's' && !isStopWord(w) {
		switch w[n-2] {
		case 's', 'u', 'i':
			return shapeNone // "access", "status", "analysis"
		}
		return shapeCollection
	}
	return shapeNone
}

// namedShape is the shape a word names whatever its number: "all",
// "list" and "lists" ask for many, "one" and "single" for one.
func namedShape(w string) shape {
	switch w {
	case "all", "every", "list", "lists", "many", "recent", "latest":
		return shapeCollection
	case "one", "single", "specific", "particular", "individual", "details", "detail":
		return shapeItem
	}
	return shapeNone
}

// shape is whether a query asks for many items or one.
type shape uint8

const (
	shapeNone shape = iota
	shapeCollection
	shapeItem
)
