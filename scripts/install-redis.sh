#!/usr/bin/env bash
# Makes redis-server available for the scale-out tests and benchmark
# (golden/scale_test.go, make scalebench). It installs Debian's
# redis-server package (7.0.x on bookworm) with apt-get when the command
# is missing and this shell may install packages (root, apt-get present).
# The packaged service is not needed: the tests start their own
# redis-server on a free loopback port. Prints the binary's path.
set -euo pipefail

if path=$(command -v redis-server); then
  echo "$path"
  exit 0
fi
if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
  echo "install-redis: redis-server is not installed and this shell cannot install it (needs root and apt-get);" >&2
  echo "install-redis: install the redis-server package yourself, or the scale-out test skips" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# The package's postinst may try to start the system service; in a
# container without an init system that fails harmlessly.
apt-get update -qq >&2
apt-get install -y -qq --no-install-recommends redis-server >&2
command -v redis-server
