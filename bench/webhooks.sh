#!/usr/bin/env bash
# bench/webhooks.sh — webhook deliveries: throughput, event-to-delivery latency and a crash run (issue 5).
#
# Runs against a running suite (./suite up; honours SUITE_HOME for a private one). The receiver
# is a local nginx serving HTTPS with a certificate issued from the suite's webhook CA
# (WEBHOOK_CA_CERT/KEY) and answering 204; it logs the time and X-Service-Delivery of every
# request. Events are published straight to course-events (bench/WebhookEvents.java, the way
# course-service's relay publishes them), so the figures are the dispatcher's: Kafka intake,
# fan-out, claiming, signing, TLS and recording outcomes. Latency is receive time minus the
# event's time (set when it is published).
#
#   0. warmup:   WARMUP events (default 20000) as fast as possible to one endpoint: the figures of a
#                dispatcher whose JIT is still cold (a fresh start); the phases after it run warm (with
#                5,000 events, C2 compilation still took 45 % of the dispatcher's CPU in the steady
#                phase after it, async-profiler 2026-11-28)
#   1. steady:   RATE events/s (default 1000) for DURATION s (default 20) to one endpoint
#   2. burst:    BURST events (default 10000) as fast as possible to one endpoint: the ceiling to one
#   3. fan-out:  BURST/10 events to a workspace with 10 endpoints (BURST deliveries): the ceiling over ten
#   5. limit:    the receiver's own ceiling: wrk POSTs a delivery-sized, signed-looking request over
#                HTTPS keep-alive (32 connections, like one endpoint's limit) straight at the nginx
#                receiver for LIMIT_SECONDS (default 5); ratio = dispatcher ceiling / this
#   4. crash:    (not run by default: PHASES="... crash") 5000 events at 1000/s; the dispatcher is
#                killed with SIGKILL once 1000 are queued and
#                restarted with ./suite up; then lost and duplicated deliveries are counted.
#                Rows the killed dispatcher held come due again when their lease (60 s) ends;
#                events it had not read wait until Kafka drops the dead consumer (session timeout).
#
# Prints one RESULT line per phase and a summary last:
#   RESULT webhooks steady_per_s= steady_p50_ms= steady_p99_ms= ceiling_one_per_s= ceiling_ten_per_s=
#                   receiver_limit_per_s= ratio_one= ratio=   (ratio: the ten-endpoint ceiling / the receiver's)
# Usage: bench/webhooks.sh            (needs java >= 21, nginx, openssl, psql, jq, python3, wrk; ~3 min)
#        PHASES="burst crash" RATE=1000 DURATION=30 BURST=50000 CRASH=5000 bench/webhooks.sh
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
RATE=${RATE:-1000} DURATION=${DURATION:-20} BURST=${BURST:-10000} CRASH=${CRASH:-5000} WARMUP=${WARMUP:-20000}
LIMIT_SECONDS=${LIMIT_SECONDS:-5}
PHASES=${PHASES:-warmup steady burst fan-out limit}
JAVA=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
. bench/lib.sh
bench_env
bench_require_autovacuum
bench_workspace "Bench webhooks"
home=${SUITE_HOME:-.suite}
work=$(mktemp -d)
nginx_pid=
cleanup() { [[ -n $nginx_pid ]] && kill "$nginx_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# --- receiver: nginx with a certificate from the suite's CA -------------------------------
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$work/r.key" -out "$work/r.csr" \
  -subj /CN=localhost 2>/dev/null
openssl x509 -req -in "$work/r.csr" -CA "$WEBHOOK_CA_CERT" -CAkey "$WEBHOOK_CA_KEY" -set_serial "0x$(openssl rand -hex 8)" \
  -days 1 -extfile <(printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n') -out "$work/r.pem" 2>/dev/null
mkdir -p "$work/logs"
cat >"$work/nginx.conf" <<CONF
worker_processes 1;
error_log $work/logs/error.log warn;
pid $work/nginx.pid;
events { worker_connections 4096; }
http {
  log_format hook '\$msec \$http_x_service_delivery \$uri \$connection \$connection_requests';
  access_log $work/logs/access.log hook buffer=256k flush=1s;
  keepalive_requests 1000000;
  client_body_temp_path $work/body;
  server {
    listen 127.0.0.1:$port ssl;
    ssl_certificate $work/r.pem;
    ssl_certificate_key $work/r.key;
    location / { return 204; }
  }
}
CONF
nginx -c "$work/nginx.conf" -p "$work" -g 'daemon off;' &
nginx_pid=$!
sleep 1

api() { curl -sf -H "Authorization: SERVICE:$ws:$key" -H 'Content-Type: application/json' "$@"; }
endpoint() { api -d "{\"url\":\"https://localhost:$port$1\",\"events\":[\"course.created\"]}" "$BASE_URL/v1/headless/webhooks" | jq -r .id; }
# The publisher is compiled once: launched from source, each phase paid javac's CPU on the two
# cores the dispatcher uses.
"${JAVA%/java}/javac" -d "$work/classes" -cp 'platform/dev-stack/target/lib/*' bench/WebhookEvents.java
# C1 only: the publisher is not what is measured, and C2 compiling it took CPU from the dispatcher
# in the first seconds of each phase.
publish() { "$JAVA" -XX:TieredStopAtLevel=1 -Dlogback.configurationFile=platform/dev-stack/src/main/resources/logback.xml \
  -cp "$work/classes:platform/dev-stack/target/lib/*" WebhookEvents "$KAFKA_BOOTSTRAP_SERVERS" "$@" | grep -v ' WARN '; }
sql() { psql -qtAX "$DATABASE_URL" -c "$1"; }
# wait_done IDS N TIMEOUT: until N deliveries of those endpoints exist and none is pending.
wait_done() {
  local deadline=$((SECONDS + $3)) row
  while (( SECONDS < deadline )); do
    row=$(sql "select count(*), count(*) filter (where status = 'pending') from webhooks.delivery where endpoint_id in ($1)")
    [[ ${row%|*} -ge $2 && ${row#*|} -eq 0 ]] && return 0
    sleep 1
  done
  echo "timed out waiting: $row (total|pending)" >&2
}
# report NAME IDS PATH_PREFIX EXPECTED: deliveries/s, latency p50/p99, received, distinct, lost, duplicates.
report() {
  sleep 1.5   # nginx flushes its log every second
  sql "select id || ' ' || (body::json->>'occurredAt') from webhooks.delivery where endpoint_id in ($2)" >"$work/sent.txt"
  grep " $3" "$work/logs/access.log" >"$work/got.txt" || true
  sql "select 'queued_per_s=' || round(count(*) / greatest(extract(epoch from max(created_at) - min(created_at)), 0.001))
       from webhooks.delivery where endpoint_id in ($2)"
  sql "select 'attempt_ms_avg=' || round(avg(duration_ms)) || ' attempt_ms_p99=' || percentile_disc(0.99) within group (order by duration_ms)
       from webhooks.delivery_attempt a join webhooks.delivery d on d.id = a.delivery_id where d.endpoint_id in ($2)"
  # Where the time goes: event to queued delivery (Kafka and intake), queued to first attempt (claim).
  sql "with d as (select extract(epoch from d.created_at - (d.body::json->>'occurredAt')::timestamptz) * 1000 as intake,
                         extract(epoch from min(a.started_at) - d.created_at) * 1000 as waited
                  from webhooks.delivery d join webhooks.delivery_attempt a on a.delivery_id = d.id
                  where d.endpoint_id in ($2) group by d.id)
       select 'intake_ms_p50=' || round(percentile_disc(0.5) within group (order by intake)) || ' intake_ms_p99='
              || round(percentile_disc(0.99) within group (order by intake)) || ' queued_to_sent_ms_p50='
              || round(percentile_disc(0.5) within group (order by waited)) || ' queued_to_sent_ms_p99='
              || round(percentile_disc(0.99) within group (order by waited)) from d"
  awk '{print $4}' "$work/got.txt" | sort -u | wc -l | sed 's/^/connections=/'
  python3 - "$1" "$work/sent.txt" "$work/got.txt" "$4" <<'PY'
import sys, datetime
name, sent_file, got_file, expected = sys.argv[1:5]
sent = {}
for line in open(sent_file):
    if line.strip():
        i, t = line.split()
        sent[i] = datetime.datetime.fromisoformat(t.replace("Z", "+00:00")).timestamp()
got = [(float(l.split()[0]), l.split()[1]) for l in open(got_file) if l.strip()]
first = {}
for t, i in got:
    first.setdefault(i, t)
lat = sorted((first[i] - sent[i]) * 1000 for i in first if i in sent)
times = sorted(t for t, _ in got)
span = times[-1] - times[0] if len(times) > 1 else 0
pct = lambda p: lat[min(len(lat) - 1, int(len(lat) * p))] if lat else float("nan")
# Lost: deliveries that never arrived, whether or not a row was queued for them.
lost = int(expected) - len(set(sent) & set(first))
with open(got_file.rsplit("/", 1)[0] + "/logs/figures", "a") as f:
    f.write(f"{name} {len(got) / span if span else 0:.0f} {pct(0.5):.0f} {pct(0.99):.0f}\n")
print(f"RESULT {name} expected={expected} queued={len(sent)} received={len(got)} distinct={len(first)} lost={lost} "
      f"duplicates={len(got) - len(first)} deliveries_per_s={len(got) / span if span else 0:.0f} "
      f"latency_p50={pct(0.5):.0f}ms latency_p99={pct(0.99):.0f}ms")
PY
}

# --- 0. warm-up (cold JIT) --------------------------------------------------------------------
if [[ " $PHASES " == *" warmup "* ]]; then
e0=$(endpoint /warmup)
publish "$ws" "$WARMUP" 0
wait_done "$e0" "$WARMUP" 600
report warmup "$e0" /warmup "$WARMUP"
api -X DELETE "$BASE_URL/v1/headless/webhooks/$e0" >/dev/null
fi

# --- 1. steady rate -----------------------------------------------------------------------
if [[ " $PHASES " == *" steady "* ]]; then
e1=$(endpoint /steady)
bench_profile webhook-dispatcher $((DURATION > 6 ? DURATION - 4 : 2)) webhooks-steady
publish "$ws" $((RATE * DURATION)) "$RATE"
wait_done "$e1" $((RATE * DURATION)) 300
bench_profile_wait
report steady "$e1" /steady $((RATE * DURATION))
api -X DELETE "$BASE_URL/v1/headless/webhooks/$e1" >/dev/null
fi

# --- 2. burst to one endpoint ---------------------------------------------------------------
if [[ " $PHASES " == *" burst "* ]]; then
e2=$(endpoint /burst)
publish "$ws" "$BURST" 0
wait_done "$e2" "$BURST" 600
report burst "$e2" /burst "$BURST"
api -X DELETE "$BASE_URL/v1/headless/webhooks/$e2" >/dev/null
fi

# --- 3. fan-out: 10 endpoints --------------------------------------------------------------
if [[ " $PHASES " == *" fan-out "* ]]; then
fan=()
for i in $(seq 1 10); do fan+=("$(endpoint "/fan/$i")"); done
ids=$(IFS=,; echo "${fan[*]}")
publish "$ws" $((BURST / 10)) 0
wait_done "$ids" "$BURST" 600
report fan-out "$ids" /fan/ "$BURST"
for e in "${fan[@]}"; do api -X DELETE "$BASE_URL/v1/headless/webhooks/$e" >/dev/null; done
fi

# --- 5. the receiver's own ceiling ------------------------------------------------------------
if [[ " $PHASES " == *" limit "* ]]; then
command -v wrk >/dev/null || { echo "wrk is needed (apt-get install wrk)" >&2; exit 1; }
body='{"id":"3f2b8c1e-6a52-4d0b-9c1e-2f4a7b9d0e11","type":"course.created","occurredAt":"2026-01-01T00:00:00.000000Z","workspaceId":1,"testMode":false,"data":{"course":{"id":1,"title":"Bench course 1","key":"BENCH-1","clientIdentifier":null,"identifier":"bench","type":"course"}}}'
signature=$(printf '%s' "1767225600.$body" | openssl dgst -sha256 -hmac whsec_bench -r | cut -d' ' -f1)
cat >"$work/post.lua" <<LUA
wrk.method = "POST"
wrk.body = '$body'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["User-Agent"] = "CoursePlatform-Webhooks/1.0"
wrk.headers["X-Service-Event"] = "course.created"
wrk.headers["X-Service-Delivery"] = "3f2b8c1e-6a52-4d0b-9c1e-2f4a7b9d0e11"
wrk.headers["X-Service-Timestamp"] = "1767225600"
wrk.headers["X-Service-Signature"] = "sha256=$signature"
wrk.headers["X-Service-Test-Mode"] = "false"
LUA
out=$(wrk -t1 -c32 -d"${LIMIT_SECONDS}s" -s "$work/post.lua" "https://localhost:$port/limit")
rps=$(awk '/Requests\/sec/ {printf "%.0f", $2}' <<<"$out")
echo "limit $rps 0 0" >>"$work/logs/figures"
echo "RESULT limit receiver_per_s=$rps connections=32 seconds=$LIMIT_SECONDS"
fi
# Summary: the figures of this run and the ratio of the dispatcher's ceilings to the receiver's own.
if [[ -s $work/logs/figures ]]; then
  python3 - "$work/logs/figures" <<'PY'
import sys
f = {}
for line in open(sys.argv[1]):
    name, rate, p50, p99 = line.split()
    f[name] = (float(rate), p50, p99)
get = lambda n, i=0: f[n][i] if n in f else None
limit = get("limit")
ratio = lambda n: f"{get(n) / limit:.2f}" if limit and get(n) is not None else "n/a"
fmt = lambda v: "n/a" if v is None else (f"{v:.0f}" if isinstance(v, float) else v)
print(f"RESULT webhooks steady_per_s={fmt(get('steady'))} steady_p50_ms={fmt(get('steady', 1))} steady_p99_ms={fmt(get('steady', 2))} "
      f"ceiling_one_per_s={fmt(get('burst'))} ceiling_ten_per_s={fmt(get('fan-out'))} receiver_limit_per_s={fmt(limit)} "
      f"ratio_one={ratio('burst')} ratio={ratio('fan-out')}")
PY
fi

echo "dispatcher RSS after the warm phases: $(( $(ps -o rss= -p "$(cat "$home/run/webhook-dispatcher.pid")") / 1024 )) MiB"

# --- 4. crash: SIGKILL the dispatcher mid-run -------------------------------------------------
if [[ " $PHASES " == *" crash "* ]]; then
e4=$(endpoint /crash)
publish "$ws" "$CRASH" 1000 &
producer=$!
# Kill once a fifth of the deliveries are queued, so the dispatcher is mid-run: sending,
# holding claimed rows and with outcomes not yet written.
until (( $(sql "select count(*) from webhooks.delivery where endpoint_id = $e4") >= CRASH / 5 )); do sleep 0.1; done
sent_before=$(sql "select count(*) from webhooks.delivery where endpoint_id = $e4 and status = 'succeeded'")
pid=$(cat "$home/run/webhook-dispatcher.pid")
kill -KILL "$pid"
echo "killed webhook-dispatcher (pid $pid) with SIGKILL; $sent_before deliveries recorded as succeeded before"
wait "$producer"
start=$SECONDS
SUITE_SKIP_BUILD=1 ./suite up >/dev/null 2>&1
echo "restarted in $((SECONDS - start)) s"
wait_done "$e4" "$CRASH" 300
queued=$(sql "select count(*) from webhooks.delivery where endpoint_id = $e4")
echo "deliveries queued for the $CRASH events: $queued"
report crash "$e4" /crash "$CRASH"
api -X DELETE "$BASE_URL/v1/headless/webhooks/$e4" >/dev/null
fi
