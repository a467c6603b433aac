#!/usr/bin/env bash
# bench/job-fairness.sh — one workspace's backlog of jobs against another workspace's small job,
# through the ingress of a running suite (figures in docs/performance.md).
#
# Workspace A gets a course of 5 text screens and queues narration jobs with audio (espeak-ng, the
# slow kind) through the API until it is refused (429: language.worker.max-queued-per-workspace);
# its backlog is then topped up to BACKLOG queued jobs in SQL, as a workspace with a higher cap
# would have it. While A's jobs run, workspace B queues a translation of its own one-screen course
# RUNS times, one after another, each timed from the POST to the job's end (polled every 100 ms).
# A first-in-first-out queue would have run B's job after A's whole backlog; the row prints that
# wait too, estimated from how many of A's jobs finished per second meanwhile. A's jobs left
# queued are deleted at the end, so the suite is not busy for hours afterwards.
#
# Needs a running suite (./suite up), jq, curl and psql (as the postgres role, like
# bench_seed_courses). Usage: bench/job-fairness.sh [backlog, default 1000] [runs, default 5]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
backlog=${1:-1000}
runs=${2:-5}
. bench/lib.sh
bench_env
command -v psql >/dev/null || { echo "psql is needed" >&2; exit 1; }

# SQL on course-service's tables (its schema, courses).
sql() { PGOPTIONS='-c search_path=courses' psql -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -U postgres -d "$db" -c "$1"; }
now_ms() { date +%s%3N; }

# A Builder 2 course of N text screens, imported in the current workspace ($auth); prints its id.
course() {
  local document
  document=$(jq -cn --argjson n "$1" '{format: "builder2", title: "Fairness bench", locale: "en",
    screens: [range(1; $n + 1) as $i | {id: "s\($i)", type: "blocks", typeId: 1, title: "Screen \($i)",
      description: "Screen \($i) explains one step of the procedure in two short sentences. It is read aloud.",
      elements: []}]}')
  curl -sf -H "$auth" -H 'Content-Type: application/json' \
    -d "{\"identifier\":\"bench\",\"document\":$document}" "$BASE_URL/v1/headless/courses/import" | jq -r .id
}

bench_workspace "Bench fairness A"
ws_a=$ws auth_a=$auth
course_a=$(course 5)
bench_workspace "Bench fairness B"
auth_b=$auth
course_b=$(course 1)
cleanup() { sql "delete from language_job where workspace_id = $ws_a and status = 'queued'" >/dev/null || true; }
trap cleanup EXIT

# A's backlog: through the API until its queue is full, then in SQL.
accepted=0
while :; do
  code=$(curl -s -o /dev/null -D "${TMPDIR:-/tmp}/bench-fairness.headers" -w '%{http_code}' -H "$auth_a" \
    -H 'Content-Type: application/json' -d '{"audio":true}' "$BASE_URL/v1/headless/course/$course_a/narration")
  [[ $code == 202 ]] || break
  accepted=$((accepted + 1))
  ((accepted < backlog)) || break
done
retry_after=$(sed -n 's/^[Rr]etry-[Aa]fter: *\([0-9]*\).*/\1/p' "${TMPDIR:-/tmp}/bench-fairness.headers")
echo "RESULT cap accepted=$accepted refused_with=$code retry_after_s=${retry_after:-none}"
queued=$(sql "select count(*) from language_job where workspace_id = $ws_a and status = 'queued'")
if ((queued < backlog)); then
  sql "insert into language_job (course_id, workspace_id, type, status, params)
       select $course_a, $ws_a, 'narration', 'queued', '{\"audio\": true}'::jsonb
       from generate_series(1, $((backlog - queued)))" >/dev/null
fi
# Let A's jobs take the worker first.
sleep 3
done_before=$(sql "select count(*) from language_job where workspace_id = $ws_a and status in ('succeeded', 'failed')")
start_all=$(now_ms)

times=()
for i in $(seq "$runs"); do
  t0=$(now_ms)
  job=$(curl -sf -H "$auth_b" -H 'Content-Type: application/json' -d '{"locale":"fr"}' \
    "$BASE_URL/v1/headless/course/$course_b/translations" | jq -r .id)
  while :; do
    status=$(curl -sf -H "$auth_b" "$BASE_URL/v1/headless/jobs/$job" | jq -r .status)
    [[ $status == succeeded || $status == failed ]] && break
    sleep 0.1
  done
  t1=$(now_ms)
  [[ $status == succeeded ]] || { echo "B's job $job $status" >&2; exit 1; }
  queued_a=$(sql "select count(*) from language_job where workspace_id = $ws_a and status = 'queued'")
  echo "RESULT run=$i b_job_ms=$((t1 - t0)) a_queued=$queued_a"
  times+=($((t1 - t0)))
done
elapsed=$(($(now_ms) - start_all))
done_after=$(sql "select count(*) from language_job where workspace_id = $ws_a and status in ('succeeded', 'failed')")
finished=$((done_after - done_before))
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
median=$(sed -n "$(((runs + 1) / 2))p" <<<"$sorted")
per_job_ms=$(awk -v e="$elapsed" -v f="$finished" 'BEGIN { printf "%d", (f > 0 ? e / f : 0) }')
fifo_s=$(awk -v q="$backlog" -v p="$per_job_ms" 'BEGIN { printf "%d", q * p / 1000 }')
echo "RESULT b_median_ms=$median b_slowest_ms=$(tail -1 <<<"$sorted") runs=$runs backlog=$backlog"
echo "RESULT a_finished=$finished in ${elapsed}ms (${per_job_ms} ms per job); first-in-first-out wait for B ~ ${fifo_s}s"
