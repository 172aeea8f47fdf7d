package search

// Models ask in intents ("remove a webhook from my repo"); specs answer in
// their own words ("Delete a repository webhook"). The vocabulary bridges
// the two: a query word also searches its related API words, weighted
// below the word itself, and an action verb hints at HTTP methods, which
// lifts endpoints of those methods without excluding others.

// Weights of expanded words relative to the word the query used.
const (
	weightVerbSynonym = 0.55
	weightNounSynonym = 0.8
	weightHint        = 0.35 // score lift of an endpoint whose method a verb hints at
)

// related returns the words related to a lowercase query word, the weight
// they carry, and the HTTP methods the word hints at.
func related(w string) (words []string, weight float64, methods []string) {
	if ws, m := verbGroup(w); ws != nil {
		return ws, weightVerbSynonym, m
	}
	if ws := nounGroup(w); ws != nil {
		return ws, weightNounSynonym, nil
	}
	return nil, 0, nil
}

// verbGroup returns the verbs of w's action and the methods they hint at.
func verbGroup(w string) ([]string, []string) {
	switch w {
	case "list", "get", "show", "fetch", "retrieve", "read", "find", "view", "lookup",
		"see", "display", "obtain", "browse", "return", "returns", "enumerate", "query", "check":
		return []string{"list", "get", "retrieve", "fetch", "find", "show", "read"}, []string{"GET"}
	case "create", "add", "new", "open", "make", "insert", "register", "submit",
		"post", "start", "generate", "upload", "send", "invite":
		return []string{"create", "add", "new", "post", "upload", "send"}, []string{"POST", "PUT"}
	case "delete", "remove", "revoke", "destroy", "erase", "drop", "unregister",
		"discard", "purge", "unset", "clear", "detach", "uninstall":
		return []string{"delete", "remove", "revoke", "destroy"}, []string{"DELETE"}
	case "update", "edit", "change", "rename", "modify", "patch", "set", "replace",
		"alter", "adjust", "configure", "toggle", "close", "reopen":
		return []string{"update", "edit", "change", "modify", "set", "replace", "rename"}, []string{"PATCH", "PUT"}
	}
	return nil, nil
}

// nounGroup returns the API words a query word may stand for:
// abbreviations and near synonyms.
func nounGroup(w string) []string {
	switch w {
	case "repo", "repos":
		return []string{"repository"}
	case "repository", "repositories":
		return []string{"repo"}
	case "org", "orgs", "organisation", "organisations":
		return []string{"organization"}
	case "pr", "prs", "mr":
		return []string{"pull", "request"}
	case "webhook", "webhooks":
		return []string{"hook"}
	case "hook", "hooks":
		return []string{"webhook"}
	case "ticket", "tickets", "bug", "bugs":
		return []string{"issue"}
	case "account", "profile":
		return []string{"user", "authenticated"}
	case "touch", "touched", "changed":
		return []string{"file", "change", "modified"}
	case "dir", "folder", "folders":
		return []string{"directory", "content"}
	case "config", "conf", "settings", "preferences", "options":
		return []string{"configuration", "setting", "preference"}
	case "auth", "authn", "authz":
		return []string{"authentication", "authorization"}
	case "login", "signin":
		return []string{"login", "authenticate", "session"}
	case "logout", "signout":
		return []string{"logout", "session"}
	case "pic", "picture", "photo", "img", "image", "avatar":
		return []string{"image", "photo", "picture", "avatar"}
	case "msg", "msgs", "dm", "dms":
		return []string{"message"}
	case "doc", "docs":
		return []string{"document"}
	case "env", "envs":
		return []string{"environment"}
	case "perm", "perms":
		return []string{"permission"}
	case "invitation", "invitations":
		return []string{"invite"}
	case "collab", "collabs", "contributor":
		return []string{"collaborator"}
	case "stats", "stat", "metrics", "analytics":
		return []string{"statistics", "stats", "metric"}
	case "info", "details":
		return []string{"information", "detail"}
	case "notif", "notifs", "alerts":
		return []string{"notification"}
	case "sub", "subs", "subscribe":
		return []string{"subscription"}
	case "follow", "follows":
		return []string{"follower", "following"}
	case "pw", "pwd", "passwd":
		return []string{"password"}
	case "email", "emails", "mail":
		return []string{"email", "mail"}
	case "ci", "pipeline", "pipelines":
		return []string{"workflow", "action", "check"}
	case "label", "labels":
		return []string{"tag"}
	case "branch", "branches":
		return []string{"ref"}
	case "customer", "customers", "client", "clients":
		return []string{"customer", "client", "account"}
	case "order", "orders", "purchase":
		return []string{"order"}
	case "payment", "payments", "pay":
		return []string{"payment", "charge"}
	case "bill", "bills":
		return []string{"invoice"}
	case "price", "cost":
		return []string{"price", "pricing"}
	case "count", "number", "total":
		return []string{"count"}
	case "download", "export":
		return []string{"download", "archive", "export"}
	case "ban", "block":
		return []string{"block", "ban"}
	case "me", "myself", "whoami":
		return []string{"authenticated"}
	case "team", "teams", "group", "groups":
		return []string{"team", "group"}
	case "secret", "secrets", "credential", "credentials":
		return []string{"secret", "credential", "token"}
	case "key", "keys", "token", "tokens":
		return []string{"key", "token"}
	case "job", "jobs", "run", "runs":
		return []string{"job", "run", "workflow"}
	case "diff":
		return []string{"compare", "diff"}
	case "gist", "snippet", "snippets":
		return []string{"gist"}
	}
	return nil
}
