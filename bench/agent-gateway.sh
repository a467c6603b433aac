#!/usr/bin/env bash
# bench/agent-gateway.sh — what an agent pays for the tool surface: one course read three ways,
# through the ingress of a running suite, in the same run:
#   (a) GET  /v1/headless/courses/{id}            with the workspace's API key (course-service)
#   (b) POST /api/v1/agent/tools/get_course        REST, with an agent token (agent-gateway -> course-service)
#   (c) MCP  tools/call get_course                 over one initialized Streamable HTTP session
# Each is run with wrk at 1 connection (the latency of one caller: the per-call overhead) and at
# N connections (throughput), after a warm-up. Every answer is checked in wrk's response hook
# (a: the course's id; b, c: "isError": false), so refusals or errors cannot pass for speed:
# `bad` must be 0. Prints requests/s and p50/p90/p99 for each, then the overhead of (b) and (c)
# over (a). The figures go to docs/performance.md.
#
# Needs a running suite started without the per-workspace rate limit, which would otherwise
# measure itself:   ./suite down && PLATFORM_RATE_LIMIT_PER_SECOND=0 ./suite up
# and wrk, jq, curl. Creates a fresh enterprise workspace and key (admin API), one course, and a
# read-only agent token for it.
# Usage: bench/agent-gateway.sh [duration, default 20s] [connections, default 32]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
duration=${1:-20s}
connections=${2:-32}
. bench/lib.sh
bench_setup "Bench agent gateway"

work=$(mktemp -d)
session=''
cleanup() {
  if [[ -n $session ]]; then   # end the MCP session, as a well-behaved client does
    curl -s -o /dev/null -X DELETE -H "Authorization: Bearer $token" -H "Mcp-Session-Id: $session" \
      -H "MCP-Protocol-Version: $version" "$BASE_URL/api/v1/agent/mcp" || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

course=$(curl -sf -H "$auth" -H 'Content-Type: application/json' \
  -d '{"title":"Bench agent course","identifier":"bench-agent","description":"Read by the agent gateway benchmark"}' \
  "$BASE_URL/v1/headless/courses" | jq -r .id)
token=$(curl -sf -H "$auth" -H 'Content-Type: application/json' \
  -d "{\"identifier\":\"bench-agent\",\"courseId\":$course}" "$BASE_URL/api/v1/agent/auth" | jq -r .token)
[[ -n $token && $token != null ]] || { echo "could not mint an agent token (POST /api/v1/agent/auth)" >&2; exit 1; }

# One MCP session: initialize (the session id comes in a header), then notifications/initialized.
status=$(curl -sS -D "$work/init.headers" -o "$work/init.body" -w '%{http_code}' \
  -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
  -d '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench-agent-gateway","version":"1.0.0"}}}' \
  "$BASE_URL/api/v1/agent/mcp")
session=$(awk 'tolower($1) == "mcp-session-id:" { print $2 }' "$work/init.headers" | tr -d '\r')
version=$(grep -o '"protocolVersion" *: *"[^"]*"' "$work/init.body" | head -n1 | sed -E 's/.*"([^"]*)"$/\1/')
[[ $status == 200 && -n $session && -n $version ]] || {
  echo "MCP initialize answered $status (session '${session}', version '${version}'):" >&2; cat "$work/init.body" >&2; exit 1; }
mcp_headers=(-H "Authorization: Bearer $token" -H "Mcp-Session-Id: $session" -H "MCP-Protocol-Version: $version"
  -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream')
status=$(curl -sS -o /dev/null -w '%{http_code}' "${mcp_headers[@]}" \
  -d '{"jsonrpc":"2.0","method":"notifications/initialized"}' "$BASE_URL/api/v1/agent/mcp")
[[ $status == 202 ]] || { echo "notifications/initialized answered $status" >&2; exit 1; }

# Each request once by hand: the answers wrk will check for.
curl -sf -H "$auth" "$BASE_URL/v1/headless/courses/$course" | jq -e --argjson id "$course" '.id == $id' >/dev/null
curl -sf -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d "{\"courseId\":$course}" \
  "$BASE_URL/api/v1/agent/tools/get_course" | jq -e '.isError == false' >/dev/null
curl -sf "${mcp_headers[@]}" \
  -d "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"get_course\",\"arguments\":{\"courseId\":$course}}}" \
  "$BASE_URL/api/v1/agent/mcp" | grep -q '"isError" *: *false' || { echo "MCP tools/call get_course did not succeed" >&2; exit 1; }
echo "workspace $ws, course $course, MCP session on protocol $version"

script=$work/bench.lua
cat >"$script" <<LUA
local threads = {}
function setup(thread)
  thread:set("tid", #threads + 1)
  table.insert(threads, thread)
end
function init(args)
  seq = 0
  bad = 0
end
local key = "${auth#Authorization: }"
local bearer = "Bearer $token"
request = function()
  if mode == "headless" then
    return wrk.format("GET", "/v1/headless/courses/$course", {["Authorization"] = key})
  elseif mode == "rest" then
    return wrk.format("POST", "/api/v1/agent/tools/get_course",
      {["Authorization"] = bearer, ["Content-Type"] = "application/json"}, '{"courseId":$course}')
  end
  -- JSON-RPC ids are never reused within the session.
  seq = seq + 1
  return wrk.format("POST", "/api/v1/agent/mcp",
    {["Authorization"] = bearer, ["Content-Type"] = "application/json", ["Accept"] = "application/json, text/event-stream",
     ["Mcp-Session-Id"] = "$session", ["MCP-Protocol-Version"] = "$version"},
    string.format('{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"get_course","arguments":{"courseId":$course}}}',
      tid * 1000000000 + seq))
end
response = function(status, headers, body)
  local expect = mode == "headless" and '"id"%s*:%s*${course}[,}]' or '"isError"%s*:%s*false'
  if status ~= 200 or not string.find(body, expect) then
    bad = bad + 1
  end
end
done = function(summary, latency, requests)
  local failed = 0
  for _, thread in ipairs(threads) do
    failed = failed + thread:get("bad")
  end
  io.write(string.format("RESULT %s c=%s rps=%.0f p50=%.2fms p90=%.2fms p99=%.2fms requests=%d bad=%d errors=%d\n",
    mode, connections, summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(90) / 1000, latency:percentile(99) / 1000, summary.requests, failed,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
LUA
results=$work/results
for c in 1 "$connections"; do
  threads=$((c < 2 ? 1 : 2))
  for mode in headless rest mcp; do
    sed -i "1i mode = \"$mode\"\nconnections = \"$c\"" "$script"
    wrk -t"$threads" -c"$c" -d10s -s "$script" "$BASE_URL" >/dev/null   # warm-up
    wrk -t"$threads" -c"$c" -d"$duration" --latency -s "$script" "$BASE_URL" | grep RESULT | tee -a "$results"
    sed -i '1,2d' "$script"
  done
done

# Overhead of (b) and (c) over (a), per connection count.
awk '
  { for (i = 3; i <= NF; i++) { split($i, kv, "="); v[$2, $3, kv[1]] = kv[2] + 0 } conns[$3] = 1 }
  END {
    for (c in conns) for (m = 1; m <= 2; m++) {
      mode = m == 1 ? "rest" : "mcp"
      printf "OVERHEAD %s over headless %s p50=%+.2fms p90=%+.2fms p99=%+.2fms rps=%.0f%% of headless\n", mode, c,
        v[mode, c, "p50"] - v["headless", c, "p50"], v[mode, c, "p90"] - v["headless", c, "p90"],
        v[mode, c, "p99"] - v["headless", c, "p99"], 100 * v[mode, c, "rps"] / v["headless", c, "rps"]
    }
  }' "$results" | sort
if grep -qE 'bad=[1-9]|errors=[1-9]' "$results"; then
  echo "some answers were wrong or failed (bad/errors above): the figures do not count" >&2
  exit 1
fi
