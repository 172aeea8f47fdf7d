#!/usr/bin/env bash
# release-build.sh builds release binaries of swag2mcp that know their
# version without `go install …@version`: generated modules then require the
# published runtime of that version, with its checksum in go.sum.
#
# Usage: scripts/release-build.sh vX.Y.Z [OUT_DIR]   (run on a clean checkout of tag vX.Y.Z)
# GOOS/GOARCH pick the target as usual.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:?usage: scripts/release-build.sh vX.Y.Z [OUT_DIR]}"
out="${2:-dist}"
if [[ -n "$(git status --porcelain)" ]]; then
	echo "release-build: the checkout has uncommitted changes; the zip a proxy serves would differ" >&2
	exit 1
fi
if [[ "$(git describe --tags --exact-match 2>/dev/null)" != "$version" ]]; then
	echo "release-build: HEAD is not tagged $version" >&2
	exit 1
fi
want="v$(sed -n 's/^const Version = "\(.*\)"$/\1/p' swag2mcp.go)"
if [[ "$want" != "$version" ]]; then
	echo "release-build: swag2mcp.Version is $want, not $version; bump it before tagging" >&2
	exit 1
fi
ldflags="$(go run ./internal/release -version "$version")"
mkdir -p "$out"
go build -trimpath -ldflags "$ldflags" -o "$out/swag2mcp$(go env GOEXE)" ./cmd/swag2mcp
echo "release-build: $out/swag2mcp$(go env GOEXE) ($version)"
