#!/usr/bin/env bash
# bench/chaos.sh — a mixed load through the ingress while services, Kafka, S3 and PostgreSQL are
# killed or restarted; then counts what was lost, duplicated or left stuck (docs/reliability.md).
#
# Brings the suite up itself (SUITE_HOME and the other knobs as for ./suite; --replicas N), with
# PLATFORM_RATE_LIMIT_PER_SECOND=0 (the load is one workspace) and short webhook retry delays.
# Start from `./suite down`: services already running keep the environment they started with.
# The suite stays up afterwards, to look into; `./suite down` when done.
#
#   1. a fresh enterprise workspace (scorm_hosting) and a webhook endpoint subscribed to every
#      subscribable event, on a local HTTPS receiver (nginx, certificate from the suite's webhook
#      CA, as bench/webhooks.sh) that logs every X-Service-Delivery it gets
#   2. bench/chaos-load.mjs: members (create, the same create again, an enrolment), courses
#      (create, two updates and publishes), migrations (three Classic imports, one batch) and
#      SCORM uploads of a fixture, sized to make at least --events outbox events, over --seconds
#   3. meanwhile, every --interval seconds, one fault: SIGKILL of one instance of each service in
#      turn (with replicas the other keeps serving; replica 1 and 2 alternate), SIGKILL of the
#      dev-stack twice (Kafka and S3 share its JVM), one restart of PostgreSQL (shared by
#      everything on the machine: at most once a run; --no-pg-restart skips it); each killed
#      component is restarted with `./suite up`. Keycloak loses its connections with
#      PostgreSQL: it is given a minute to recover, then killed and started again
#   4. quiescence: no unpublished outbox row, no pending delivery, no batch or package in a
#      non-terminal state, every subscribable event of the workspace turned into a delivery and
#      every created member provisioned into Keycloak (or --quiesce-timeout seconds)
#   5. the counts: lost, duplicates, stuck, 5xx (docs/reliability.md says how each is computed);
#      printed, and appended as a markdown section to --report FILE
#
# Exit status: 1 when lost > 0 or stuck > 0, else 0.
# Usage: SUITE_HOME=... SUITE_PORT_BASE=... bench/chaos.sh [--replicas N] [--report FILE]
#          [--events N] [--seconds S] [--interval S] [--quiesce-timeout S] [--no-pg-restart]
#          [--no-faults]   (the load and the counts only: a dry run of the script)
#          [--fuzz-seconds S] [--fuzz-seed N] [--no-fuzz]
# Beside the load, a replayable API fuzz pass (bench/fuzz.sh, the system tests' contract fuzz)
# runs through the ingress for --fuzz-seconds (default: as long as the load) with --fuzz-seed
# (default: random, printed). Its findings with no answer or 502/503/504 are what faults cause;
# any other finding (a 500, a 4xx out of the error shape, an answer against the OpenAPI document)
# is a bug and fails the run like a loss.
# Needs: node >= 18, nginx, openssl, psql (as postgres on 127.0.0.1), jq, curl.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

faults_on=1 replicas=1 report='' events=10000 seconds=360 interval=20 quiesce_timeout=600 pg_restart=1
fuzz_on=1 fuzz_seconds='' fuzz_seed=$((RANDOM * 32768 + RANDOM))
while [[ $# -gt 0 ]]; do
  case $1 in
    --replicas) replicas=$2; shift 2 ;;
    --report) report=$2; shift 2 ;;
    --events) events=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --interval) interval=$2; shift 2 ;;
    --quiesce-timeout) quiesce_timeout=$2; shift 2 ;;
    --no-pg-restart) pg_restart=0; shift ;;
    --no-faults) faults_on=0; shift ;;
    --fuzz-seconds) fuzz_seconds=$2; shift 2 ;;
    --fuzz-seed) fuzz_seed=$2; shift 2 ;;
    --no-fuzz) fuzz_on=0; shift ;;
    *) echo "usage: bench/chaos.sh [--replicas N] [--report FILE] [--events N] [--seconds S] [--interval S] [--quiesce-timeout S] [--no-pg-restart] [--fuzz-seconds S] [--fuzz-seed N] [--no-fuzz]" >&2; exit 2 ;;
  esac
done
[[ -z $report || $report == /* ]] || report=$PWD/$report
for tool in node nginx openssl psql jq curl; do
  command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 2; }
done

# What the services started (and restarted) here run with.
export PLATFORM_RATE_LIMIT_PER_SECOND=0
export WEBHOOKS_RETRY_DELAYS=${WEBHOOKS_RETRY_DELAYS:-1s,2s,5s,10s,20s}
export SUITE_SKIP_BUILD=${SUITE_SKIP_BUILD:-1}
home=${SUITE_HOME:-$PWD/.suite}
work=$(mktemp -d)
out=$work/out
mkdir -p "$out"
nginx_pid='' load_pid='' fuzz_pid=''
cleanup() {
  [[ -n $load_pid ]] && kill "$load_pid" 2>/dev/null
  [[ -n $fuzz_pid ]] && kill -- "-$fuzz_pid" 2>/dev/null
  [[ -n $nginx_pid ]] && kill "$nginx_pid" 2>/dev/null
  echo "chaos: files of this run kept in $out" >&2
}
trap cleanup EXIT
say() { printf '%s chaos: %s\n' "$(date -u +%T)" "$*" | tee -a "$out/chaos.log" >&2; }

suite_up() { ./suite up "$@" >>"$out/suite-up.log" 2>&1; }

say "starting the suite (--replicas $replicas; log $out/suite-up.log)"
suite_up --replicas "$replicas" || { tail -n 30 "$out/suite-up.log" >&2; exit 1; }
. bench/lib.sh
bench_env
# Two replicas of six services, Keycloak and the load need more than PostgreSQL's default 100.
max_connections=$(psql -qtAX -h 127.0.0.1 -U postgres -d postgres -c 'show max_connections')
(( max_connections >= 200 )) || say "warning: max_connections is $max_connections; with replicas the pools may exhaust it (docs/reliability.md)"
sql() { psql -qtAX -h 127.0.0.1 -U postgres -d "$db" -v ON_ERROR_STOP=1 "$@"; }
bench_workspace "Chaos $(date -u +%FT%TZ)" '["scorm_hosting"]'
[[ -n $ws && $ws != null && -n $key && $key != null ]] || { echo "could not create the workspace" >&2; exit 1; }
tag=$(date -u +%Y%m%d%H%M%S)

# --- the webhook receiver --------------------------------------------------------------------
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$work/r.key" -out "$work/r.csr" \
  -subj /CN=localhost 2>/dev/null
openssl x509 -req -in "$work/r.csr" -CA "$WEBHOOK_CA_CERT" -CAkey "$WEBHOOK_CA_KEY" -set_serial "0x$(openssl rand -hex 8)" \
  -days 1 -extfile <(printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n') -out "$work/r.pem" 2>/dev/null
mkdir -p "$work/logs"
cat >"$work/nginx.conf" <<CONF
worker_processes 1;
error_log $work/logs/error.log warn;
pid $work/nginx.pid;
events { worker_connections 1024; }
http {
  log_format hook '\$msec \$http_x_service_delivery \$http_x_service_event';
  access_log $out/received.log hook;
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
events_json='["course.created","course.commenced","course.completed","quiz.completed","quiz.failed","migration.progress","migration.completed"]'
endpoint=$(curl -sf -H "$auth" -H 'Content-Type: application/json' \
  -d "{\"url\":\"https://localhost:$port/hooks\",\"events\":$events_json}" "$BASE_URL/v1/headless/webhooks" | jq -r .id)
[[ $endpoint =~ ^[0-9]+$ ]] || { echo "could not create the webhook endpoint" >&2; exit 1; }
say "workspace $ws, webhook endpoint $endpoint -> https://localhost:$port/hooks"

# --- the load --------------------------------------------------------------------------------
# Outbox events per scenario (course-service, members-service, migration-service, scorm-service):
# a member 2 (member.created, enrolment.created), a course 5 (created, 2 updated, 2 published), a
# migration 3 + 3 + 1 + 2 (3 created, 3 updated, 1 completed, progress), a SCORM upload 2 (created,
# updated with the manifest's title). Counts for ~10,000 events at the default.
members=$((1300 * events / 10000 + 2)) courses=$((1200 * events / 10000 + 2))
migrations=$((200 * events / 10000 + 1)) scorm=$((80 * events / 10000 + 1))
zip=fixtures/scorm/scorm12-single-sco.zip
[[ -f $zip ]] || zip=../shared/fixtures/scorm/scorm12-single-sco.zip
[[ -f $zip ]] || zip=/work/shared/fixtures/scorm/scorm12-single-sco.zip
[[ -f $zip ]] || { echo "no SCORM fixture (scorm12-single-sco.zip)" >&2; exit 2; }
# The fuzz pass starts first and the faults wait until it has its operations and key (a fault
# during its set-up would end it before it sent anything).
if (( fuzz_on )); then
  fuzz_seconds=${fuzz_seconds:-$seconds}
  say "fuzz: seed $fuzz_seed for ${fuzz_seconds}s (log $out/fuzz.log; replay: bench/fuzz.sh --seed $fuzz_seed)"
  set -m
  bench/fuzz.sh --seed "$fuzz_seed" --seconds "$fuzz_seconds" --timeout 30 >"$out/fuzz.log" 2>&1 &
  fuzz_pid=$!
  set +m
  for _ in $(seq 1 300); do
    grep -q '^fuzz: [0-9]* operations from' "$out/fuzz.log" 2>/dev/null && break
    kill -0 "$fuzz_pid" 2>/dev/null || break
    sleep 1
  done
  sleep 5
fi
t0=$(sql -c "select now()")
started=$SECONDS
say "load: $members members, $courses courses, $migrations migration batches, $scorm SCORM uploads over ${seconds}s"
node bench/chaos-load.mjs --base "$BASE_URL" --auth "SERVICE:$ws:$key" --out "$out" --zip "$zip" --tag "$tag" \
  --members "$members" --courses "$courses" --migrations "$migrations" --scorm "$scorm" --seconds "$seconds" \
  >>"$out/load.log" 2>&1 &
load_pid=$!

# --- the faults ------------------------------------------------------------------------------
kills=()
# restart WHAT: ./suite up starts whatever is dead; logs how long it took.
restart() {
  local t=$SECONDS
  if suite_up --replicas "$replicas"; then
    say "  $1 back after $((SECONDS - t))s (./suite up)"
  else
    say "  ./suite up failed after $((SECONDS - t))s; see $out/suite-up.log"
  fi
}
kill_component() {
  local name=$1 pid
  pid=$(cat "$home/run/$name.pid" 2>/dev/null) || { say "no pid file for $name"; return 0; }
  # Its whole process group (./suite starts every component in a session of its own).
  kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || { say "$name (pid $pid) was not running"; return 0; }
  say "SIGKILL $name (pid $pid)"
  kills+=("$(date -u +%T) SIGKILL $name")
}
keycloak_ready() {
  [[ $(curl -s -o /dev/null -m 3 -w '%{http_code}' "http://127.0.0.1:$((${SUITE_PORT_BASE:-8080} + 11))/health/ready") == 200 ]]
}
restart_postgres() {
  local cluster t=$SECONDS
  cluster=$(ls /etc/postgresql)
  say "restarting PostgreSQL $cluster/main (pg_ctlcluster; shared by everything on this machine)"
  kills+=("$(date -u +%T) restart PostgreSQL")
  pg_ctlcluster --skip-systemctl-redirect "$cluster" main restart
  say "  PostgreSQL back after $((SECONDS - t))s"
  local deadline=$((SECONDS + 60))
  until keycloak_ready || (( SECONDS >= deadline )); do sleep 2; done
  if keycloak_ready; then
    say "  Keycloak ready again"
  else
    say "  Keycloak not ready 60s after the restart: killing and starting it again"
    kill_component keycloak
    restart keycloak
  fi
}
services=()
while IFS=$'\t' read -r name _rest; do
  [[ -z $name || $name == \#* ]] || services+=("$name")
done <deploy/services.tsv
faults=()
for i in "${!services[@]}"; do
  r=$(( i % replicas + 1 ))
  name=${services[$i]}
  (( r > 1 )) && name=$name-$r
  faults+=("kill $name")
  (( i == 1 )) && faults+=("kill dev-stack")               # Kafka
  (( i == 3 && pg_restart )) && faults+=("postgres")
  (( i == 4 )) && faults+=("kill dev-stack")               # S3
done
(( faults_on )) || faults=()
sleep "$interval"
for fault in ${faults[@]+"${faults[@]}"}; do
  kill -0 "$load_pid" 2>/dev/null || { say "the load ended before: $fault"; }
  t=$SECONDS
  case $fault in
    postgres) restart_postgres ;;
    kill\ *) kill_component "${fault#kill }"; restart "${fault#kill }" ;;
  esac
  rest=$(( interval - (SECONDS - t) ))
  (( rest > 0 )) && sleep "$rest"
done
say "all ${#kills[@]} faults done; waiting for the load"
wait "$load_pid" || true
load_pid=''
if [[ -n $fuzz_pid ]]; then
  say "waiting for the fuzz pass"
  wait "$fuzz_pid" || true
  fuzz_pid=''
fi
load_seconds=$((SECONDS - started))
tail -n 1 "$out/load.log" >&2

# --- quiescence ------------------------------------------------------------------------------
# The queries below read the schemas of platform-events (outbox), webhook-dispatcher (delivery,
# delivery_attempt), migration-service, scorm-service, course-service and members-service.
outbox_schemas=$(sql -c "select string_agg(table_schema, ' ' order by table_schema) from information_schema.tables
                         where table_name = 'outbox' and table_schema in ('members','courses','scorm','migrations','agent','webhooks')")
# One select per schema that has an outbox, joined with union all.
union_all() { local out='' part; for part in "$@"; do out+="${out:+ union all }$part"; done; printf '%s' "$out"; }
parts=() event_parts=()
for s in $outbox_schemas; do
  parts+=("select count(*) as n from $s.outbox where published_at is null")
  event_parts+=("select id, type, created_at, published_at from $s.outbox where message_key = '$ws' and created_at >= '$t0'")
done
unpublished_sql="select coalesce(sum(n), 0) from ($(union_all "${parts[@]}")) u"
events_sql=$(union_all "${event_parts[@]}")
subscribable="('course.created','course.commenced','course.completed','quiz.completed','quiz.failed','migration.progress','migration.completed')"

quiet_state() {
  sql <<SQL
with events as ($events_sql)
select concat_ws(' ',
  'unpublished=' || ($unpublished_sql),
  'pending_deliveries=' || (select count(*) from webhooks.delivery where workspace_id = $ws and status = 'pending'),
  'undelivered_events=' || (select count(*) from events e
                            where e.type in $subscribable
                              and not exists (select 1 from webhooks.delivery d
                                              where d.endpoint_id = $endpoint and d.event_id = e.id)),
  'open_batches=' || (select count(*) from migrations.migration_batch
                      where workspace_id = $ws and status in ('pending', 'processing')),
  'open_packages=' || (select count(*) from scorm.scorm_package
                       where workspace_id = $ws and status in ('uploaded', 'processing')),
  'unprovisioned=' || (select count(*) from members.membership m
                       where m.workspace_id = $ws
                         and not exists (select 1 from members.keycloak_provisioned k where k.user_id = m.user_id)))
SQL
}
say "waiting for quiescence (at most ${quiesce_timeout}s)"
deadline=$((SECONDS + quiesce_timeout))
while :; do
  state=$(quiet_state)
  [[ $state =~ ^(unpublished=0\ pending_deliveries=0\ undelivered_events=0\ open_batches=0\ open_packages=0\ unprovisioned=0)$ ]] && break
  if (( SECONDS >= deadline )); then say "not quiet after ${quiesce_timeout}s: $state"; break; fi
  sleep 5
done
say "state: $state"
sleep 2   # the receiver's log is written per request; let the last ones land

# --- counts ----------------------------------------------------------------------------------
received=$out/received.log
awk '$2 != "" && $2 != "-" { print $2 }' "$received" | sort >"$out/received-ids.txt"
sort -u "$out/received-ids.txt" >"$out/received-unique.txt"
counts=$(sql <<SQL
create temp table effect (kind text, id text, detail text);
\copy effect from '$out/effects.csv' with (format csv)
create temp table received (delivery_id uuid);
\copy received from '$out/received-unique.txt'
create temp table events as $events_sql;
select concat_ws(' ',
  -- what the platform published for this workspace, and the deliveries it made of it
  'events=' || (select count(*) from events),
  'event_types=' || (select string_agg(type || ':' || n, ',' order by type) from (select type, count(*) n from events group by type) t),
  'deliveries=' || (select count(*) from webhooks.delivery where endpoint_id = $endpoint),
  'attempts=' || (select count(*) from webhooks.delivery_attempt a join webhooks.delivery d on d.id = a.delivery_id
                  where d.endpoint_id = $endpoint),
  -- lost: outbox rows never published
  'lost_unpublished=' || (select count(*) from events where published_at is null),
  -- lost: subscribable events with no delivery that was ever attempted
  'lost_unattempted=' || (select count(*) from events e
       where e.type in $subscribable
         and not exists (select 1 from webhooks.delivery d
                         where d.endpoint_id = $endpoint and d.event_id = e.id and d.attempts > 0)),
  -- lost: deliveries recorded as succeeded that the receiver never logged
  'lost_unreceived=' || (select count(*) from webhooks.delivery d
       where d.endpoint_id = $endpoint and d.status = 'succeeded'
         and not exists (select 1 from received r where r.delivery_id = d.id)),
  -- lost: writes acknowledged with a 2xx whose effect is not in the database
  'lost_members=' || (select count(*) from effect f where f.kind = 'member'
       and not exists (select 1 from members.membership m where m.workspace_id = $ws and m.user_id = f.id::bigint)),
  'lost_enrolments=' || (select count(*) from effect f where f.kind = 'enrolment'
       and not exists (select 1 from members.enrolment e
                       where e.workspace_id = $ws and e.user_id = f.id::bigint and e.course_id = f.detail::bigint)),
  'lost_courses=' || (select count(*) from effect f where f.kind = 'course'
       and not exists (select 1 from courses.course c where c.workspace_id = $ws and c.id = f.id::bigint)),
  'lost_updates=' || (select count(*) from effect f where f.kind = 'update' and f.detail <> ''
       and not exists (select 1 from courses.course c where c.id = f.id::bigint and c.revision >= f.detail::bigint)),
  'lost_publishes=' || (select count(*) from effect f where f.kind = 'publish'
       and not exists (select 1 from courses.course c where c.id = f.id::bigint and c.published)),
  'lost_packages=' || (select count(*) from effect f where f.kind = 'scorm'
       and not exists (select 1 from scorm.scorm_package p where p.workspace_id = $ws and p.course_id = f.id::bigint)),
  'lost_batches=' || (select count(*) from effect f where f.kind = 'batch'
       and not exists (select 1 from migrations.migration_batch b where b.workspace_id = $ws and b.id = f.id::uuid)),
  -- lost: a package of the (valid) fixture that failed on the infrastructure, not on its content
  'lost_packages_failed=' || (select count(*) from scorm.scorm_package where workspace_id = $ws
       and status = 'failed' and error_code = 'processing_error'),
  -- lost: a migration item of a valid Classic course that failed on the infrastructure
  'lost_items_failed=' || (select count(*) from migrations.migration_item i join migrations.migration_batch b on b.id = i.batch_id
       where b.workspace_id = $ws and i.status = 'failed' and i.reason = 'unavailable'),
  -- lost: an effect of events: a member never provisioned into Keycloak (members-service's consumer)
  'lost_provisioning=' || (select count(*) from members.membership m where m.workspace_id = $ws
       and not exists (select 1 from members.keycloak_provisioned k where k.user_id = m.user_id)),
  -- lost: a course that members-service never learned of (enrolments kept answering 404)
  'lost_projection=' || (select count(*) from effect f where f.kind = 'enrol-404'),
  -- duplicates that are not allowed: one effect applied twice
  'dup_member_ids=' || (select count(*) from effect f where f.kind = 'member-twice'),
  'dup_users=' || (select count(*) from (select lower(u.email) from members.app_user u
       join effect f on f.kind = 'member' and lower(f.detail) = lower(u.email) group by 1 having count(*) > 1) x),
  'dup_courses=' || (select coalesce(sum(n - 1), 0) from (select count(*) n from courses.course
       where workspace_id = $ws and title like 'Chaos $tag %' group by title having count(*) > 1) x),
  'dup_scorm_courses=' || (select count(*) from courses.course c where c.workspace_id = $ws and c.type = 'scorm'
       and not exists (select 1 from scorm.scorm_package p where p.course_id = c.id)),
  'dup_attempts=' || (select count(*) from (select a.delivery_id, a.attempt from webhooks.delivery_attempt a
       join webhooks.delivery d on d.id = a.delivery_id where d.endpoint_id = $endpoint
       group by 1, 2 having count(*) > 1) x),
  -- stuck: work that never reached a terminal state
  'stuck_batches=' || (select count(*) from migrations.migration_batch where workspace_id = $ws and status in ('pending', 'processing')),
  'stuck_items=' || (select count(*) from migrations.migration_item i join migrations.migration_batch b on b.id = i.batch_id
       where b.workspace_id = $ws and i.status in ('pending', 'processing')),
  'stuck_packages=' || (select count(*) from scorm.scorm_package where workspace_id = $ws and status in ('uploaded', 'processing')),
  'stuck_deliveries=' || (select count(*) from webhooks.delivery where endpoint_id = $endpoint and status = 'pending'),
  -- outcomes, for the record
  'failed_deliveries=' || (select count(*) from webhooks.delivery where endpoint_id = $endpoint and status = 'failed'),
  'failed_items=' || (select count(*) from migrations.migration_item i join migrations.migration_batch b on b.id = i.batch_id
       where b.workspace_id = $ws and i.status = 'failed'),
  'failed_packages=' || (select count(*) from scorm.scorm_package where workspace_id = $ws and status = 'failed'))
SQL
)
# 5xx seen by the client: count, no-answer count, and the longest window (5xx or no answer less than
# 2 s apart belong to one window; its length is from the first such request to the end of the last).
# shellcheck disable=SC2016  # JavaScript, not shell
client=$(node -e '
const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean).map(JSON.parse);
const bad = lines.filter((l) => l.status >= 500 || l.status === 0).sort((a, b) => a.t - b.t);
let longest = 0, start = null, end = null;
for (const l of bad) {
  if (start === null || l.t - end > 2000) start = l.t;
  end = Math.max(end ?? 0, l.t + l.ms);
  longest = Math.max(longest, end - start);
}
const s = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
console.log([`requests=${lines.length}`, `s5xx=${lines.filter((l) => l.status >= 500).length}`,
  `no_answer=${lines.filter((l) => l.status === 0).length}`, `longest_5xx_window_s=${(longest / 1000).toFixed(1)}`,
  `given_up=${s.gaveUp}`, `adopted_creates=${s.adopted}`, `replayed_answers=${s.replayed ?? 0}`].join(" "));
' "$out/requests.jsonl" "$out/summary.json")
dup_received=$(( $(wc -l <"$out/received-ids.txt") - $(wc -l <"$out/received-unique.txt") ))
all="$counts $client received=$(wc -l <"$out/received-ids.txt") dup_received=$dup_received"
val() { sed -nE "s/.*(^| )$1=([^ ]*).*/\2/p" <<<"$all"; }
sum() { local t=0 k; for k in "$@"; do t=$((t + $(val "$k"))); done; echo "$t"; }
lost=$(sum lost_unpublished lost_unattempted lost_unreceived lost_members lost_enrolments lost_courses lost_updates \
  lost_publishes lost_packages lost_packages_failed lost_items_failed lost_batches lost_provisioning lost_projection)
dups=$(sum dup_member_ids dup_users dup_courses dup_scorm_courses dup_attempts)
# The fuzz pass: its findings are "* operation | mutation | status  xN" lines of its report, which
# Maven's output repeats (the test's message and its summary): each distinct line counts once.
fuzz_requests=0 fuzz_fault_findings=0 fuzz_bugs=0
if (( fuzz_on )); then
  fuzz_requests=$(sed -nE 's/^fuzz seed=[0-9]+ target=.*: ([0-9]+) requests in .*/\1/p' "$out/fuzz.log" | tail -n 1)
  fuzz_requests=${fuzz_requests:-0}
  while read -r status; do
    case $status in
      0|502|503|504) fuzz_fault_findings=$((fuzz_fault_findings + 1)) ;;
      *) fuzz_bugs=$((fuzz_bugs + 1)) ;;
    esac
  done < <(grep -E '^\* .* \| .* \| [0-9]+  x[0-9]+' "$out/fuzz.log" | sort -u \
             | sed -nE 's/^\* .* \| .* \| ([0-9]+)  x[0-9]+.*/\1/p')
  (( fuzz_requests > 0 )) || { say "the fuzz pass sent nothing (see $out/fuzz.log)"; fuzz_bugs=$((fuzz_bugs + 1)); }
  all="$all fuzz_seed=$fuzz_seed fuzz_requests=$fuzz_requests fuzz_fault_findings=$fuzz_fault_findings fuzz_bugs=$fuzz_bugs"
fi
stuck=$(sum stuck_batches stuck_items stuck_packages stuck_deliveries)

printf '\nRESULT chaos replicas=%s events=%s requests=%s lost=%s duplicates_not_allowed=%s duplicates_received=%s stuck=%s s5xx=%s longest_5xx_window_s=%s fuzz_requests=%s fuzz_bugs=%s\n' \
  "$replicas" "$(val events)" "$(val requests)" "$lost" "$dups" "$dup_received" "$stuck" "$(val s5xx)" "$(val longest_5xx_window_s)" \
  "$fuzz_requests" "$fuzz_bugs"
tr ' ' '\n' <<<"$all" | sed 's/^/  /'

if [[ -n $report ]]; then
  {
    printf '\n### %s, --replicas %s\n\n' "$(date -u '+%F %H:%M UTC')" "$replicas"
    printf '| events (outbox) | requests | lost | duplicates (not allowed) | deliveries received twice | stuck | 5xx | no answer | longest 5xx window |\n'
    printf '|---|---|---|---|---|---|---|---|---|\n'
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s s |\n\n' "$(val events)" "$(val requests)" "$lost" "$dups" "$dup_received" \
      "$stuck" "$(val s5xx)" "$(val no_answer)" "$(val longest_5xx_window_s)"
    printf 'Load %ss; quiescence: %s.\n\n' "$load_seconds" "\`$state\`"
    (( fuzz_on )) && printf 'Fuzz pass: seed %s, %s requests; %s findings of the faults (no answer, 502, 503, 504), %s other findings.\n\n' \
      "$fuzz_seed" "$fuzz_requests" "$fuzz_fault_findings" "$fuzz_bugs"
    printf 'Faults:\n\n'
    printf -- '- %s\n' ${kills[@]+"${kills[@]}"}
    printf '\n<details><summary>All counts</summary>\n\n```\n'
    tr ' ' '\n' <<<"$all"
    printf '```\n\n</details>\n'
  } >>"$report"
  say "report appended to $report"
fi
(( lost == 0 && stuck == 0 && fuzz_bugs == 0 ))
