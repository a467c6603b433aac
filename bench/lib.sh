# bench/lib.sh — what every wrk benchmark needs first; sourced, not run.
# bench_setup NAME: checks wrk, reads the running suite's env, and creates a fresh enterprise
# workspace with a live key. Sets db (database name), ws (workspace id) and key (API key).
bench_setup() {
  command -v wrk >/dev/null || { echo "wrk is needed (apt-get install wrk)" >&2; exit 1; }
  eval "$(./suite env)"
  db=$(sed -E 's#.*/([^/?]+)(\?.*)?$#\1#' <<<"$DATABASE_URL")
  ws=$(curl -sf -H "Authorization: Bearer $OPERATOR_TOKEN" -H 'Content-Type: application/json' \
    -d "{\"name\":\"$1\",\"plan\":\"enterprise\",\"addons\":[],\"features\":[],\"userLimit\":null}" \
    "$BASE_URL/admin/v1/workspaces" | jq -r .id)
  key=$(curl -sf -H "Authorization: Bearer $OPERATOR_TOKEN" -H 'Content-Type: application/json' \
    -d '{"mode":"live","name":"bench"}' "$BASE_URL/admin/v1/workspaces/$ws/api-keys" | jq -r .key)
}
