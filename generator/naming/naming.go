// Package naming decides every name the generator derives from a spec: the
// spec's domain, stable IDs, environment variable names and Go identifiers.
// All functions are pure; the build stage stores their results in the IR and
// the emitter never invents a name.
//
// IDs are a public contract (users keep them in scripts): each is the 32-hex
// MD5 of a canonical string:
//
//	spec        ID(domain)
//	collection  ID(domain + "/" + title)
//	tag         ID(domain + "#" + tag)
//	endpoint    ID(domain + " " + METHOD + " " + path)   (path exactly as in the spec)
//
// Go identifiers: endpoint names come from the operationId, else from the
// method and path ("GET /pets/{petId}" → GetPetsPetId), made unique across the
// whole generated package by a Namer (GetPet, GetPet2, …). The emitter never
// uses an endpoint's GoName bare at package level: stub functions are
// {GoName}Stub and params structs {GoName}Params. Since every package-level
// identifier the emitter itself declares (main, Catalog, catalog, stubs, run,
// …) lacks those suffixes, endpoint-derived names cannot collide with them.
// Parameter names are field names in the params struct and are unique within
// their endpoint only.
package naming

import (
	"crypto/md5"
	"encoding/hex"
	"path/filepath"
	"strings"
)

// Domain derives a spec's domain from its file path: the base name without
// extension, normalized by NormalizeDomain.
func Domain(specPath string) string {
	base := filepath.Base(filepath.ToSlash(specPath))
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[i+1:]
	}
	base = strings.TrimSuffix(base, filepath.Ext(base))
	if base == "." || base == "/" {
		base = ""
	}
	return NormalizeDomain(base)
}

// NormalizeDomain lowercases s and replaces every character outside
// [a-z0-9-] by '-' ("weather.example.com" → "weather-example-com"). An empty
// result gives "api". A --domain flag goes through it too.
func NormalizeDomain(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '-' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	if b.Len() == 0 {
		return "api"
	}
	return b.String()
}

// ID is the 32 lowercase hex digits of s's MD5.
func ID(s string) string {
	sum := md5.Sum([]byte(s))
	return hex.EncodeToString(sum[:])
}

// SpecID is the ID of the spec with this domain.
func SpecID(domain string) string { return ID(domain) }

// CollectionID is the ID of a collection of the spec with this domain.
func CollectionID(domain, title string) string { return ID(domain + "/" + title) }

// TagID is the ID of a tag of the spec with this domain.
func TagID(domain, tag string) string { return ID(domain + "#" + tag) }

// EndpointID is the ID of an operation; method is upper-cased, path is kept as in the spec.
func EndpointID(domain, method, path string) string {
	return ID(domain + " " + strings.ToUpper(method) + " " + path)
}
