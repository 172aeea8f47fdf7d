// Package ir is the generator's plain model of an API: Spec → Collection →
// Tag → Endpoint. It knows nothing of libopenapi or jennifer; the build stage
// fills it and the emit stage renders it.
package ir

// API is everything one generated server serves: one or more specs.
type API struct {
	Name   string  // server name, e.g. "petstore-mcp"
	Module string  // Go module path of the generated server
	Specs  []*Spec // in command-line order
}

// Spec is one lowered API description.
type Spec struct {
	ID          string // md5("{domain}")
	Domain      string // e.g. "petstore"
	EnvPrefix   string // e.g. "PETSTORE"
	File        string // spec path as given on the command line, for messages
	Title       string
	Version     string
	Description string
	BaseURL     string // default base URL; "" when the spec names none
	Collections []*Collection
	Security    []*SecurityScheme // in spec order
	Defs        []Def             // component schemas, JSON Schema 2020-12, referenced as #/$defs/{Name}
	// Types are the named Go struct types the typed request bodies of this
	// spec's endpoints use (package mode), in the order first met.
	Types []NamedType
}

// Collection groups tags: an x-tagGroups entry, or the whole spec titled by info.title.
type Collection struct {
	ID    string // md5("{domain}/{title}")
	Title string
	Tags  []*Tag
}

// Tag groups endpoints; untagged operations go to the tag "default".
type Tag struct {
	ID          string // md5("{domain}#{name}")
	Name        string
	Description string
	Endpoints   []*Endpoint
}

// Endpoint is one operation (a method on a path).
type Endpoint struct {
	ID          string // md5("{domain} {METHOD} {path}")
	Method      string // upper case: GET, POST, …
	Path        string // exactly as in the spec
	OperationID string
	Summary     string
	Description string
	Tags        []string // every tag of the operation; the endpoint sits under the first
	Deprecated  bool
	BaseURL     string // path- or operation-level server; "" means the spec's BaseURL
	Params      []Param
	Body        *Body
	// BodyType is the Go type of the request body in the typed API (package
	// mode); nil when the endpoint takes no body.
	BodyType *GoType
	Security []Requirement // alternatives, tried in order; nil inherits nothing (already resolved)
	// InputSchema is the JSON Schema 2020-12 of invoke's arguments for this
	// endpoint without its $defs (see DefRefs).
	InputSchema string
	// Operation is the JSON operation object shown by inspect, schemas in
	// JSON Schema 2020-12 referencing #/$defs/{Name} (see DefRefs).
	Operation string
	// DefRefs lists indexes into Spec.Defs that InputSchema and Operation
	// reach, transitively, breadth-first from the operation (nearest first).
	DefRefs []int
	GoName  string // exported Go identifier, unique in the generated package
	// FlatName is the endpoint's name in scripts (tools.{FlatName}), a
	// JavaScript identifier unique across the API (see naming.FlatName).
	FlatName string
	Pos      Pos // where the operation is defined
}

// Param is one path, query, header or cookie parameter.
type Param struct {
	Name             string // name as in the spec
	Key              string // argument name in invoke's "parameters" object
	In               string // path, query, header, cookie
	Style            string // OpenAPI 3 style; "" for the default of In
	Explode          *bool  // nil for the default of Style
	AllowReserved    bool
	CollectionFormat string // Swagger 2.0 only: csv, ssv, tsv, pipes, multi
	Required         bool
	Description      string
	Type             Type   // Go type of the typed stub's field
	GoName           string // Go field name in the endpoint's params struct
}

// Type is the Go shape of a parameter value.
type Type struct {
	Kind Kind
	Elem Kind // for KindArray: the element kind
}

// Kind is a primitive JSON Schema type as it maps to Go.
type Kind int

// Kinds of parameter values.
const (
	KindAny     Kind = iota // any JSON value
	KindString              // string
	KindInteger             // int64
	KindNumber              // float64
	KindBoolean             // bool
	KindArray               // []Elem
	KindObject              // map[string]any
)

// Body is an operation's request body.
type Body struct {
	Required   bool
	MediaTypes []string // in spec order
}

// Requirement is one alternative of an operation's security: every scheme
// named must be applied together.
type Requirement struct {
	Schemes []SchemeUse
}

// SchemeUse names a security scheme (index into Spec.Security) and its scopes.
type SchemeUse struct {
	Scheme int
	Scopes []string
}

// SecurityScheme is one entry of components.securitySchemes (or 2.0 securityDefinitions).
type SecurityScheme struct {
	Name         string   // key in the spec
	Type         string   // apiKey, http, oauth2, openIdConnect, mutualTLS
	In           string   // apiKey: header, query, cookie
	ParamName    string   // apiKey: header/query/cookie name
	Scheme       string   // http: basic, bearer, …
	BearerFormat string   // http bearer
	TokenURL     string   // oauth2 client credentials
	Scopes       []string // oauth2: scopes the flows declare, sorted
	Flows        []string // oauth2: flow names present, sorted
	OpenIDURL    string   // openIdConnect
	Description  string
	EnvVars      []string // environment variables that configure it, decided by naming
	Pos          Pos      // where the spec defines it
}

// Def is one component schema rendered once per spec.
type Def struct {
	Name   string // unique within the spec
	Schema string // JSON Schema 2020-12
}

// Pos is a location in a spec file.
type Pos struct {
	File string
	Line int
	Col  int
}

// GoType is the Go shape of a request body, or a part of one, in the typed
// API of package mode. Schemas Go cannot express faithfully (oneOf, anyOf,
// mixed types, non-JSON media) are GoRaw: json.RawMessage.
type GoType struct {
	Kind GoKind
	Name string  // GoNamed: the name of a NamedType of the spec
	Elem *GoType // GoSlice, GoMap (map[string]Elem): the element type
}

// GoKind is the kind of a GoType.
type GoKind int

// Kinds of Go types in typed bodies.
const (
	GoRaw    GoKind = iota // json.RawMessage
	GoString               // string
	GoInt                  // int64
	GoFloat                // float64
	GoBool                 // bool
	GoSlice                // []Elem
	GoMap                  // map[string]Elem
	GoNamed                // a NamedType, used through a pointer
)

// NamedType is a struct type of the typed API: a component schema or an
// inline object of a request body.
type NamedType struct {
	Name   string // exported, unique in the generated package
	Doc    string // the schema's description, or what it is for
	Fields []GoField
}

// GoField is a field of a NamedType: one property of the object schema.
type GoField struct {
	Name     string // exported, unique in the struct
	JSON     string // the property name
	Type     GoType
	Required bool
	Doc      string
}
