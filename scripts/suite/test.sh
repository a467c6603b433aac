# shellcheck shell=bash
#
# scripts/suite/test.sh — the subcommand test: the component tests, then the system tests against
# a suite of their own. Sourced by ./suite.

# The system-test suite instance: its own home, ports and database.
SYSTEST_ENV=()
systest() { env "${SYSTEST_ENV[@]}" "$SELF" "$@"; }

# ensure_test_postgres: component tests make their databases on 127.0.0.1:5432 (or
# TEST_PG_ADMIN_URL); start the local cluster, or install one, when nothing answers there.
ensure_test_postgres() {
  [[ -n ${TEST_PG_ADMIN_URL:-} || -n ${PG_URL:-} ]] && return 0
  if command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432 -t 3; then
    return 0
  fi
  command -v pg_ctlcluster >/dev/null || install_postgres
  local version
  version=$(find /etc/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' 2>/dev/null | sort -V | tail -n1)
  [[ -n $version ]] || die "no PostgreSQL cluster found under /etc/postgresql"
  info "starting PostgreSQL $version/main for the tests"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  local deadline=$((SECONDS + 30))
  until pg_isready -q -h 127.0.0.1 -p 5432 -t 2; do
    (( SECONDS < deadline )) || die "PostgreSQL did not answer on 127.0.0.1:5432 within 30 s"
    sleep 1
  done
}

# phase_done NAME START: say how long a phase of the run took (seconds since START), so a CI log
# shows where the minutes go.
phase_done() {
  info "test: $1 took $((SECONDS - $2)) s"
}

# Maven's own lines carry the time of day, so a CI log is its own timeline (docs/performance.md).
MVN_TIMED=(-Dorg.slf4j.simpleLogger.showDateTime=true -Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss)

cmd_test() {
  local phase=$SECONDS
  find_jdk
  info "JDK $JAVA_MAJOR at $JAVA_HOME"
  ensure_dirs
  ensure_tools
  ensure_test_postgres
  ensure_espeak
  if [[ ${SUITE_TEST_SKIP_UNIT:-0} == 1 ]]; then
    info "test 1/3: component tests skipped (SUITE_TEST_SKIP_UNIT=1)"
  else
    info "test 1/3: ./mvnw -B install (build + component tests)"
    mkdir -p "$RUN_DIR"
    local marker rc=0
    marker=$(mktemp "$RUN_DIR/build-start.XXXXXX")
    ./mvnw -B "${MVN_TIMED[@]}" install || rc=$?
    if (( rc != 0 )); then
      rm -f "$marker"
      printf 'suite: error: component tests failed (mvnw exit %s)\n' "$rc" >&2
      exit "$rc"
    fi
    stamp_modules "$marker"     # everything is built now: the next `up` needs no build
    rm -f "$marker"
    phase_done "1/3 (build and component tests)" "$phase"
  fi

  SYSTEST_ENV=(
    "SUITE_HOME=$REPO_DIR/.suite/systest"
    SUITE_PORT_BASE=18080 SUITE_KAFKA_PORT=19092 SUITE_S3_PORT=19000
    SUITE_DB=courseplatform_systest SUITE_SKIP_BUILD=1 SUITE_AOT_CACHE=0
  )
  info "test 2/3: starting a fresh system-test suite (ports 18080-18086, 18090-18091, 19092, 19000; database courseplatform_systest)"
  trap 'info "test: stopping the system-test suite"; systest down || true' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  phase=$SECONDS
  systest reset
  systest up
  phase_done "2/3 (system-test suite start)" "$phase"

  info "test 3/3: ./mvnw -B -pl system-tests verify -DskipITs=false"
  local envtext rc=0
  envtext=$(systest env)
  set -a
  eval "$envtext"
  set +a
  phase=$SECONDS
  ./mvnw -B "${MVN_TIMED[@]}" -pl system-tests verify -DskipITs=false || rc=$?
  phase_done "3/3 (system tests)" "$phase"
  if (( rc == 0 )); then info "test: all tests passed"; else warn "system tests failed (mvnw exit $rc)"; fi
  exit "$rc"
}
