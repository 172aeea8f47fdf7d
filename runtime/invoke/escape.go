package invoke

import (
	"net/url"
	"strings"
)

// pathText writes a path parameter's tokens: data percent-escaped so that
// '/', '?', '#', '%', ';' and ',' never leave the value.
func pathText(tokens []token) string {
	return write(tokens, url.PathEscape)
}

// queryText writes a query value's tokens. With allowReserved, RFC 3986
// reserved characters stay as they are, except those that would end the
// value or the query ('&', '=', '#', '+') and '%'.
func queryText(tokens []token, allowReserved bool) string {
	if allowReserved {
		return write(tokens, reservedEscape)
	}
	return write(tokens, url.QueryEscape)
}

// headerText writes a header value's tokens; validHeaderValue checks it.
func headerText(tokens []token) string {
	return write(tokens, func(s string) string { return s })
}

// cookieText writes a cookie value's tokens, percent-escaping bytes that are
// not cookie-octets (RFC 6265), so a value cannot end its cookie.
func cookieText(tokens []token) string {
	return write(tokens, cookieEscape)
}

func write(tokens []token, esc func(string) string) string {
	var b strings.Builder
	for _, t := range tokens {
		if t.lit {
			b.WriteString(t.text)
		} else {
			b.WriteString(esc(t.text))
		}
	}
	return b.String()
}

// reservedEscape is url.QueryEscape that keeps gen-delims and sub-delims
// which cannot break a query's shape.
func reservedEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if strings.IndexByte(":/?[]@!$'()*,;", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteString(url.QueryEscape(s[i : i+1]))
	}
	return b.String()
}

// cookieEscape percent-escapes '%' and every byte outside cookie-octet.
func cookieEscape(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' || !isCookieOctet(c) {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// isCookieOctet: %x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E.
func isCookieOctet(c byte) bool {
	return c == 0x21 || (c >= 0x23 && c <= 0x2B) || (c >= 0x2D && c <= 0x3A) ||
		(c >= 0x3C && c <= 0x5B) || (c >= 0x5D && c <= 0x7E)
}

// escapePathLiteral escapes the literal text of a path template, keeping
// '/' and the characters a path allows.
func escapePathLiteral(s string) string {
	return (&url.URL{Path: s}).EscapedPath()
}

// isToken says whether s is an RFC 9110 token: a valid header or cookie name.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
		if !ok {
			return false
		}
	}
	return true
}

// validHeaderValue rejects control characters other than tab, CR and LF
// above all: they would end the header and start another.
func validHeaderValue(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && c != '\t' || c == 0x7F {
			return false
		}
	}
	return true
}
