#!/usr/bin/env bash
# The production profile as an operator starts it, end to end, on a machine with Docker (the CI workflow in
# .github/workflows/ci.yml runs it): compose refuses to start without ADMIN_PASSWORD; then the image built,
# every service up and healthy, a search through Caddy, a support ticket whose confirmation shows in
# Mailpit's API for the right recipient, and everything removed again (volumes included).
#
#   bash scripts/compose-smoke.sh            # builds the image first
#   SMOKE_BUILD=0 bash scripts/compose-smoke.sh   # reuses evently:latest
set -euo pipefail
cd "$(dirname "$0")/.."

if ! docker info > /dev/null 2>&1; then
  echo "compose smoke: no container engine answers (docker info failed)" >&2
  exit 1
fi

project="evently-smoke-$$"
work="$(mktemp -d)"
http_port="${SMOKE_HTTP_PORT:-18080}"
mail_port="${SMOKE_MAILPIT_PORT:-18025}"
site="http://127.0.0.1:${http_port}"
mailpit="http://127.0.0.1:${mail_port}"
recipient="smoke-$$@example.com"

compose() { docker compose --project-name "$project" --env-file "$work/smoke.env" "$@"; }

finish() {
  local status=$?
  if [ "$status" -ne 0 ]; then
    echo "compose smoke failed; the last log lines of every service:" >&2
    compose ps -a >&2 || true
    compose logs --no-color --tail 80 >&2 || true
  fi
  compose down --volumes --remove-orphans > /dev/null 2>&1 || true
  rm -rf "$work"
  exit "$status"
}
trap finish EXIT

step() { echo "== compose smoke: $*"; }

# Polls a command until it succeeds, for at most $1 seconds.
wait_until() {
  local seconds=$1
  shift
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "gave up after ${seconds}s: $*" >&2
      return 1
    fi
    sleep 2
  done
}

step "a missing ADMIN_PASSWORD stops compose before anything starts, naming it"
: > "$work/smoke.env"
if refusal="$(compose config 2>&1 > /dev/null)"; then
  echo "docker compose accepted a configuration without ADMIN_PASSWORD" >&2
  exit 1
fi
grep -q "ADMIN_PASSWORD" <<< "$refusal" || { echo "the refusal does not name ADMIN_PASSWORD: $refusal" >&2; exit 1; }

cat > "$work/smoke.env" <<ENV
ADMIN_PASSWORD=smoke-admin-password
HTTP_PORT=${http_port}
HTTPS_PORT=${SMOKE_HTTPS_PORT:-18443}
MAILPIT_PORT=${mail_port}
PUBLIC_URL=${site}
DEMO_DATA=true
ENV

if [ "${SMOKE_BUILD:-1}" = "1" ]; then
  step "building the image"
  compose build api
fi

step "up, waiting for every health check"
compose up --detach --wait --wait-timeout 600

step "ready through the proxy"
curl -fsS "$site/readyz" | grep -q '"status":"ok"'

step "a search finds the demo catalogue"
has_events() { curl -fsS "$site/api/events" | node -e 'let s="";process.stdin.on("data",(c)=>s+=c).on("end",()=>process.exit(JSON.parse(s).data.length>0?0:1))'; }
wait_until 300 has_events
word="$(curl -fsS "$site/api/events" | node -e 'let s="";process.stdin.on("data",(c)=>s+=c).on("end",()=>{const name=JSON.parse(s).data[0].name;console.log(name.split(/\s+/).find((w)=>/^\p{L}{4,}$/u.test(w))??name)})')"
curl -fsS "$site/api/events?keyword=$(node -p 'encodeURIComponent(process.argv[1])' "$word")" \
  | node -e 'let s="";process.stdin.on("data",(c)=>s+=c).on("end",()=>{const page=JSON.parse(s);if(!(page.pagination.total>0))process.exit(1)})'

step "a support ticket, and its confirmation in Mailpit for ${recipient}"
curl -fsS -X POST "$site/api/support/tickets" -H 'content-type: application/json' \
  -d "{\"user_name\":\"Smoke Test\",\"user_email\":\"${recipient}\",\"subject\":\"Compose smoke\",\"description\":\"Is the stack up?\"}" \
  > "$work/ticket.json"
number="$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).ticket.ticket_number)' "$work/ticket.json")"
mail_arrived() {
  curl -fsS "$mailpit/api/v1/messages" | node -e '
    let s="";process.stdin.on("data",(c)=>s+=c).on("end",()=>{
      const [recipient, number] = process.argv.slice(1);
      const found = JSON.parse(s).messages.some((m) => m.To.some((to) => to.Address === recipient) && m.Subject.includes(`[${number}]`));
      process.exit(found ? 0 : 1);
    })' "$recipient" "$number"
}
wait_until 120 mail_arrived

step "passed; taking the stack down"
