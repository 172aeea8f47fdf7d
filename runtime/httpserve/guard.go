package httpserve

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// guard protects the MCP endpoint and the metrics: the Host check against
// DNS rebinding, the Origin allow-list, the bearer token and the body
// size limit. Each refusal is answered before the request reaches next.
type guard struct {
	token       [32]byte // SHA-256 of the token; compared in constant time
	hasToken    bool
	origins     map[string]bool // allowed Origin values besides same-origin, lower case
	hosts       map[string]bool // allowed Host names besides localhost names, lower case
	loopback    bool            // the listener is on a loopback address
	maxBody     int64
	metadataURL string // RFC 9728 metadata, named in WWW-Authenticate; "" for none
}

func newGuard(o Options, loopback bool) *guard {
	g := &guard{origins: map[string]bool{}, hosts: map[string]bool{}, loopback: loopback, maxBody: o.MaxBodySize,
		metadataURL: o.MetadataURL}
	if o.Token != "" {
		g.token, g.hasToken = sha256.Sum256([]byte(o.Token)), true
	}
	for _, orig := range o.AllowedOrigins {
		g.origins[strings.TrimSuffix(strings.ToLower(orig), "/")] = true
	}
	for _, h := range o.AllowedHosts {
		g.hosts[strings.ToLower(hostOnly(h))] = true
	}
	return g
}

// checkSite answers 403 for a request whose Host or Origin the server
// does not accept, and reports whether it did. Host is checked when the
// listener or the connection is on a loopback address: a page that
// rebinds its own name to 127.0.0.1 sends its name as Host.
func (g *guard) checkSite(w http.ResponseWriter, r *http.Request) bool {
	if (g.loopback || loopbackConn(r)) && !g.hostAllowed(r.Host) {
		http.Error(w, "Forbidden: Host not allowed", http.StatusForbidden)
		return true
	}
	if origin := r.Header.Get("Origin"); origin != "" && !g.originAllowed(origin, r) {
		http.Error(w, "Forbidden: Origin not allowed", http.StatusForbidden)
		return true
	}
	return false
}

// checkToken answers 401 for a request without the bearer token, when one
// is configured, and reports whether it did.
func (g *guard) checkToken(w http.ResponseWriter, r *http.Request) bool {
	if !g.hasToken {
		return false
	}
	scheme, given, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	sum := sha256.Sum256([]byte(strings.TrimSpace(given)))
	if ok && strings.EqualFold(scheme, "Bearer") && subtle.ConstantTimeCompare(sum[:], g.token[:]) == 1 {
		return false
	}
	challenge := `Bearer realm="mcp"`
	if g.metadataURL != "" {
		challenge += `, resource_metadata="` + g.metadataURL + `"`
	}
	w.Header().Set("WWW-Authenticate", challenge)
	http.Error(w, "Unauthorized: send Authorization: Bearer <token>", http.StatusUnauthorized)
	return true
}

// limitBody reads the request body up to the limit, answering 413 past
// it, and reports whether it did. mcp-go reads the whole body into memory
// with no bound of its own, so the bound must come before it.
func (g *guard) limitBody(w http.ResponseWriter, r *http.Request) bool {
	if r.Body == nil || r.Body == http.NoBody {
		return false
	}
	if r.ContentLength > g.maxBody {
		http.Error(w, "Request body too large", http.StatusRequestEntityTooLarge)
		return true
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, g.maxBody))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		http.Error(w, "Request body too large", http.StatusRequestEntityTooLarge)
		return true
	case err != nil:
		http.Error(w, "Cannot read the request body", http.StatusBadRequest)
		return true
	}
	r.Body = io.NopCloser(bytes.NewReader(data))
	return false
}

// hostAllowed accepts localhost names, loopback addresses and the
// configured names.
func (g *guard) hostAllowed(host string) bool {
	h := strings.ToLower(hostOnly(host))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") || g.hosts[h] {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// originAllowed accepts the request's own origin and the configured ones.
func (g *guard) originAllowed(origin string, r *http.Request) bool {
	o := strings.TrimSuffix(strings.ToLower(origin), "/")
	if g.origins[o] {
		return true
	}
	u, err := url.Parse(o)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && strings.EqualFold(u.Host, r.Host)
}

// hostOnly drops the port of a Host value and the brackets of an IPv6
// address.
func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return strings.Trim(hostport, "[]")
}

// loopbackConn reports whether the request came in on a loopback address.
func loopbackConn(r *http.Request) bool {
	addr, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return false
	}
	tcp, ok := addr.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}
