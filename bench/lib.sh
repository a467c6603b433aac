# bench/lib.sh — what every benchmark needs first; sourced, not run.

# bench_env: reads the running suite's env (BASE_URL, OPERATOR_TOKEN, ...) and sets db (database name).
bench_env() {
  command -v jq >/dev/null || { echo "jq is needed (apt-get install jq)" >&2; exit 1; }
  eval "$(./suite env)"
  db=$(sed -E 's#.*/([^/?]+)(\?.*)?$#\1#' <<<"$DATABASE_URL")
}

# bench_workspace NAME [ADDONS_JSON] [FEATURES_JSON]: a fresh enterprise workspace with a live key.
# Sets ws (workspace id), key (API key) and auth (the Authorization header line).
bench_workspace() {
  ws=$(curl -sf -H "Authorization: Bearer $OPERATOR_TOKEN" -H 'Content-Type: application/json' \
    -d "{\"name\":\"$1\",\"plan\":\"enterprise\",\"addons\":${2:-[]},\"features\":${3:-[]},\"userLimit\":null}" \
    "$BASE_URL/admin/v1/workspaces" | jq -r .id)
  key=$(curl -sf -H "Authorization: Bearer $OPERATOR_TOKEN" -H 'Content-Type: application/json' \
    -d '{"mode":"live","name":"bench"}' "$BASE_URL/admin/v1/workspaces/$ws/api-keys" | jq -r .key)
  auth="Authorization: SERVICE:$ws:$key"
}

# bench_setup NAME: for wrk benchmarks: checks wrk, then bench_env and bench_workspace NAME.
bench_setup() {
  command -v wrk >/dev/null || { echo "wrk is needed (apt-get install wrk)" >&2; exit 1; }
  bench_env
  bench_workspace "$1"
}
