// Package runtime holds what every generated server shares: the packages
// below it do the work, and this one carries the version marker that
// generated code references to fail fast on an incompatible runtime.
package runtime

// SupportPackageIsVersion1 is referenced by generated code of format 1.
// A newer runtime keeps every marker it ever had, so old generated servers
// still compile; a server newer than its runtime fails to compile here.
const SupportPackageIsVersion1 = true

// SupportPackageIsVersion2 is referenced by generated code of format 2,
// which embeds its catalog and search index as a data file
// (runtime/catalog's Encode) and hands it to server.Options.Data.
const SupportPackageIsVersion2 = true

// SupportPackageIsVersion3 is referenced by generated code of format 3,
// whose data file (catalog.DataFormat 2) carries the search index's word
// tables: the semantic channel's vectors, WordNet's related forms and
// their notice.
const SupportPackageIsVersion3 = true

// SupportPackageIsVersion4 is referenced by generated code of format 4,
// whose data file (catalog.DataFormat 3) keeps the endpoints as records
// read on first use, with an id table for lookups, and its component
// schemas in compressed blocks.
const SupportPackageIsVersion4 = true

// SupportPackageIsVersion5 is referenced by generated code of format 5,
// whose data file (catalog.DataFormat 4) carries fixed-width endpoint
// tables and checksums, so a server opens it without reading a record.
const SupportPackageIsVersion5 = true

// SupportPackageIsVersion6 is referenced by generated code of format 6,
// whose data file (catalog.DataFormat 5) keeps each endpoint record's
// tail (parameters, body, security, document places) in compressed blocks
// and a table of the endpoints' path shapes beside the method table.
const SupportPackageIsVersion6 = true
