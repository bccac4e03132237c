#!/usr/bin/env bash
# A new user's first minutes, exactly as the README tells them, on a fresh clone:
#   npm ci && npm start          (in the background, on PORT)
#   npx printloom --version
#   npx printloom login          (email and password answered through --email / stdin)
#   npx printloom whoami, npx printloom bulk list   (commands that need the login)
# Clones the committed HEAD of this repository (uncommitted changes are not seen) into a
# temporary directory and removes it afterwards. `npm ci --prefer-offline` reuses the npm
# cache the main install just filled, so the run costs the install from cache and one build.
#   bash tests/scripts/fresh-clone.sh        PORT=4310 bash tests/scripts/fresh-clone.sh
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/printloom-fresh-clone.XXXXXX")"
server_pid=""
started=$SECONDS

log() { printf '== fresh clone (%ss): %s\n' "$((SECONDS - started))" "$*"; }

cleanup() {
  local code=$?
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    # npm start runs in its own process group (setsid): stop npm, its shell and the server.
    kill -TERM -- "-$server_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$server_pid" 2>/dev/null || true
  fi
  if [ "$code" -ne 0 ] && [ -f "$work/server.log" ]; then
    echo '-- last lines of the server log:'
    tail -n 40 "$work/server.log"
  fi
  rm -rf "$work"
  exit "$code"
}
trap cleanup EXIT

fail() {
  echo "fresh clone: FAILED: $*" >&2
  exit 1
}

# A port nobody listens on, unless PORT says which.
if [ -z "${PORT:-}" ]; then
  PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
fi
export PORT
api="http://localhost:${PORT}"
# The login is stored here, not in the user's own ~/.config.
export XDG_CONFIG_HOME="$work/config"
unset PRINTLOOM_API PRINTLOOM_TOKEN DATABASE_URL

log "cloning $repo"
git clone --quiet --no-local "$repo" "$work/printloom"
cd "$work/printloom"

log 'npm ci'
npm ci --prefer-offline --no-audit --no-fund --loglevel=error >"$work/npm-ci.log" 2>&1 ||
  { tail -n 40 "$work/npm-ci.log"; fail 'npm ci'; }

log "npm start (PORT=$PORT)"
setsid npm start >"$work/server.log" 2>&1 &
server_pid=$!

# Up once the API answers; give up if npm start exits or after 5 minutes.
for _ in $(seq 1 600); do
  kill -0 "$server_pid" 2>/dev/null || fail 'npm start exited before the server answered'
  if node -e "fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" \
    "$api/api3/version" 2>/dev/null; then
    break
  fi
  sleep 0.5
done
node -e "fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" \
  "$api/api3/version" || fail "nothing answered at $api"
log "server up at $api"

expected="$(node -p "require('./packages/cli/package.json').version")"
version="$(npx printloom --version)"
[ "$version" = "$expected" ] || fail "npx printloom --version printed '$version', expected '$expected'"
log "npx printloom --version: $version"

login="$(printf 'printloom-demo\n' |
  npx printloom login --api "$api" --email demo@printloom.test --password-stdin)"
[ "$login" = "Logged in to $api as demo@printloom.test" ] || fail "login printed '$login'"
log "npx printloom login: $login"

whoami="$(npx printloom whoami)"
case "$whoami" in
  demo@printloom.test*) ;;
  *) fail "whoami printed '$whoami'" ;;
esac
rows="$(npx printloom bulk list --json)"
printf '%s' "$rows" | node -e "
  let text = '';
  process.stdin.on('data', (c) => (text += c)).on('end', () => {
    const page = JSON.parse(text);
    if (!Array.isArray(page.data) || typeof page.total !== 'number') process.exit(1);
  });" || fail "bulk list --json printed '$rows'"
log 'npx printloom whoami and bulk list answered with the login'

log 'passed'
