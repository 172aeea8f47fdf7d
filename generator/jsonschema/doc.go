// Package jsonschema renders the schemas of a libopenapi document (Swagger
// 2.0, OpenAPI 3.0 or 3.1) as JSON Schema 2020-12 text, each referenced
// schema once as a named def.
//
// Conversion works on libopenapi's YAML nodes, walked in spec order, so the
// output keeps the spec's key order and the same input gives the same bytes.
// Every $ref (to components/schemas, 2.0 definitions, another file, or any
// other place) becomes {"$ref":"#/$defs/Name"} and registers its target as a
// def, rendered once; that bounds output on specs whose inlined schemas
// explode, and makes recursive schemas plain references.
//
// Rules:
//   - nullable: true (3.0) and x-nullable: true (2.0) add "null" to type and
//     to enum; on a schema without type that has $ref, allOf, anyOf or oneOf,
//     the schema becomes {"anyOf":[schema,{"type":"null"}]}.
//   - A boolean exclusiveMinimum/exclusiveMaximum set to true turns the
//     minimum/maximum beside it into the numeric 2020-12 keyword.
//   - example becomes examples: [example] unless examples is present.
//   - type: file becomes {"type":"string","format":"binary","contentEncoding":"base64"}.
//   - items given as a list (draft-04 tuples) is read as prefixItems.
//   - In 2.0 and 3.0 the siblings of $ref are dropped except annotations
//     (title, description, default, examples, readOnly, writeOnly,
//     deprecated, $comment) and nullable; 3.1 keeps them all.
//   - A pattern, or a patternProperties key, that a generated server's
//     validator cannot compile (runtime/pattern: Go's regexp, else
//     ECMAScript) is left out, with a warning: the schema would not compile
//     there otherwise.
//   - Keywords that are not JSON Schema 2020-12 are dropped: discriminator,
//     xml, externalDocs, x-* extensions, $id, $schema, $anchor, $dynamicRef,
//     nested $defs/definitions (references into them become top-level defs),
//     and unknown keys. 3.1 keywords pass through with their $refs rewritten.
//
// Def names are the last JSON pointer segment of the reference (the file's
// base name without extension for a whole-file reference), with characters
// other than ASCII letters, digits, '.', '_' and '-' replaced by '_', so a
// name never needs escaping in "#/$defs/Name". Two different targets with
// the same name get _2, _3, … in the order they are first met.
//
// Every rendered schema is bounded: subschemas nested deeper than
// Options.MaxDepth become {"$comment":"truncated: schema nested too
// deeply"}, and a schema whose text passes Options.MaxSchemaBytes is cut at
// a smaller depth (see renderWith). A structure that YAML aliases make
// circular is cut with {"$comment":"circular schema cut"}. Every cut for
// size or depth, and every pattern left out, is reported by
// Registry.Warnings with its place: nothing is lost silently.
//
// No input makes the package panic: problems are reported as *Error with the
// line and column of the offending node, and the part concerned becomes {}
// (with a "$comment" for an unresolved reference).
package jsonschema
