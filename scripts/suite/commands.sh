# shellcheck shell=bash
#
# scripts/suite/commands.sh — the subcommands up, env, status, logs, down, reset and help.
# Sourced by ./suite.

# ----------------------------------------------------------------------------------------
# up
# ----------------------------------------------------------------------------------------

# anything_running: some component of this SUITE_HOME is alive.
anything_running() {
  local svc
  ingress_pid >/dev/null && return 0
  component_pid dev-stack >/dev/null && return 0
  component_pid keycloak >/dev/null && return 0
  [[ -n $(service_instances_alive) ]]
}

# guard_config_change: refuse to start with other ports/database than the running suite.
guard_config_change() {
  [[ -n $SAVED_SUITE_PORT_BASE ]] || return 0
  if [[ $SAVED_SUITE_PORT_BASE != "$SUITE_PORT_BASE" || $SAVED_SUITE_KAFKA_PORT != "$SUITE_KAFKA_PORT" \
        || $SAVED_SUITE_S3_PORT != "$SUITE_S3_PORT" || $SAVED_SUITE_DB != "$SUITE_DB" ]] && anything_running; then
    die "the suite in $SUITE_HOME is running with ports $SAVED_SUITE_PORT_BASE/$SAVED_SUITE_KAFKA_PORT/$SAVED_SUITE_S3_PORT and database $SAVED_SUITE_DB; run ./suite down before changing them"
  fi
}

cmd_up() {
  local started=$SECONDS
  with_lock
  ensure_dirs
  ensure_tools
  guard_config_change
  find_jdk
  info "JDK $JAVA_MAJOR at $JAVA_HOME"
  build_changed
  check_artifacts
  resolve_postgres
  save_state
  ensure_keys                 # the role passwords are set by bootstrap_db
  bootstrap_db
  ensure_nginx
  ensure_espeak
  write_nginx_conf            # validate before starting anything slow
  preflight_ports
  ensure_keycloak
  start_keycloak              # starts while the dev-stack does; the services wait for it
  start_devstack
  wait_keycloak_ready
  configure_keycloak_realm
  start_services
  start_ingress
  seed_demo
  print_summary $((SECONDS - started))
}

print_summary() {
  local i
  cat <<EOF

Course Platform is up (took ${1}s).

  Base URL (ingress)  $BASE_URL
  API reference       $BASE_URL/docs  (OpenAPI: $BASE_URL/openapi.json, $BASE_URL/openapi.yaml)

  Services (direct)
EOF
  for i in "${!INST_NAMES[@]}"; do
    printf '    %-20s http://127.0.0.1:%-6s %s\n' "${INST_NAMES[$i]}" "${INST_PORTS[$i]}" "$(service_health "${INST_PORTS[$i]}")"
  done
  cat <<EOF

  Infrastructure
    PostgreSQL          postgresql://$PG_HOST:$PG_PORT/$SUITE_DB  (one role per schema, passwords in $KEY_DIR/db-password-<role>)
    Kafka               127.0.0.1:$SUITE_KAFKA_PORT
    S3                  $S3_URL  bucket $S3_BUCKET  access key $S3_ACCESS_KEY  secret $S3_SECRET_KEY
    Mail catcher        SMTP 127.0.0.1:$MAIL_SMTP_PORT  caught mail: $MAIL_URL/messages?to=<address>
    Keycloak            $KEYCLOAK_URL  issuer $KEYCLOAK_ISSUER  $(keycloak_health)
                        admin console $KEYCLOAK_URL/admin  ($KEYCLOAK_ADMIN_USER / $(<"$KEY_DIR/keycloak-admin-password"))

  Credentials
    WORKSPACE_ID        $WORKSPACE_ID
    API_KEY             $API_KEY   (live)
    TEST_API_KEY        $TEST_API_KEY   (test)
    OPERATOR_TOKEN      $OPERATOR_TOKEN   (Authorization: Bearer ... on /admin/v1)
    Demo members        $DEMO_TEAM_EMAIL / $(demo_password team)   (team)
                        $DEMO_STUDENT_EMAIL / $(demo_password student)   (student)
                        sign in with them when an MCP client connects to $MCP_RESOURCE

  Try it
    eval "\$(./suite env)"
    curl -H "Authorization: SERVICE:\$WORKSPACE_ID:\$API_KEY" \$BASE_URL/api/v1/members
  (./suite env --export prints 'export NAME=...' lines, for tools started from that shell.)

  Logs     $LOG_DIR   (./suite logs <component> [-f])
  Status   ./suite status      Stop   ./suite down
EOF
}

# ----------------------------------------------------------------------------------------
# env
# ----------------------------------------------------------------------------------------

cmd_env() {
  local prefix=''
  case ${1:-} in
    --export) prefix='export ' ;;
    '') ;;
    *) die "usage: ./suite env [--export]" ;;
  esac
  read_demo || warn "no demo workspace yet in $SUITE_HOME (run ./suite up); WORKSPACE_ID and the keys are empty"
  load_local_secrets
  local token=''
  [[ -s $KEY_DIR/operator-token ]] && token=$(<"$KEY_DIR/operator-token")
  local database_url i
  database_url=$(pg_url_with_db "$PG_ADMIN_URL" "$SUITE_DB")
  emit() { printf '%s%s=%s\n' "$prefix" "$1" "$(sh_quote "$2")"; }
  emit BASE_URL "$BASE_URL"
  emit SUITE_REPLICAS "$SUITE_REPLICAS"
  emit SCORM_CONTENT_ORIGIN "$SCORM_CONTENT_ORIGIN"
  emit INGRESS_ACCESS_LOG "$NGINX_DIR/access.log"
  emit SUITE_LOG_DIR "$LOG_DIR"
  emit WORKSPACE_ID "$WORKSPACE_ID"
  emit API_KEY "$API_KEY"
  emit TEST_API_KEY "$TEST_API_KEY"
  emit OPERATOR_TOKEN "$token"
  emit S3_URL "$S3_URL"
  emit S3_BUCKET "$S3_BUCKET"
  emit S3_ACCESS_KEY "$S3_ACCESS_KEY"
  emit S3_SECRET_KEY "$S3_SECRET_KEY"
  emit KAFKA_BOOTSTRAP_SERVERS "127.0.0.1:$SUITE_KAFKA_PORT"
  emit DATABASE_URL "$database_url"
  emit WEBHOOK_CA_CERT "$KEY_DIR/webhook-ca.pem"
  emit WEBHOOK_CA_KEY "$KEY_DIR/webhook-ca.key"
  emit KEYCLOAK_URL "$KEYCLOAK_URL"
  emit KEYCLOAK_ISSUER "$KEYCLOAK_ISSUER"
  emit KEYCLOAK_ADMIN_USER "$KEYCLOAK_ADMIN_USER"
  emit KEYCLOAK_ADMIN_PASSWORD "$(cat "$KEY_DIR/keycloak-admin-password" 2>/dev/null || true)"
  emit MCP_URL "$MCP_RESOURCE"
  emit MAIL_URL "$MAIL_URL"
  emit DEMO_TEAM_EMAIL "$DEMO_TEAM_EMAIL"
  emit DEMO_TEAM_PASSWORD "$(cat "$KEY_DIR/demo-team-password" 2>/dev/null || true)"
  emit DEMO_STUDENT_EMAIL "$DEMO_STUDENT_EMAIL"
  emit DEMO_STUDENT_PASSWORD "$(cat "$KEY_DIR/demo-student-password" 2>/dev/null || true)"
  # <SERVICE>_URL is replica 1; replica r >= 2 is <SERVICE>_<r>_URL.
  for i in "${!INST_NAMES[@]}"; do
    emit "$(env_name "${INST_NAMES[$i]}")_URL" "http://127.0.0.1:${INST_PORTS[$i]}"
  done
}

# ----------------------------------------------------------------------------------------
# status
# ----------------------------------------------------------------------------------------

cmd_status() {
  local all_up=1 pid state ready i svc code
  status_line() { printf '%-20s %-8s %-8s %-12s %s\n' "$@"; }
  status_line COMPONENT STATE PID PORT READINESS

  # postgres
  pid=-
  if [[ -n $PG_CLUSTER ]]; then
    local datadir
    datadir=$(pg_lsclusters -h 2>/dev/null | awk -v v="${PG_CLUSTER%/*}" -v n="${PG_CLUSTER#*/}" '$1 == v && $2 == n { print $6 }')
    [[ -n $datadir && -r $datadir/postmaster.pid ]] && pid=$(head -n1 "$datadir/postmaster.pid")
  fi
  if pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 3 2>/dev/null; then
    status_line postgres running "$pid" "$PG_PORT" ready
  else
    status_line postgres stopped - "$PG_PORT" "not answering on $PG_HOST"
    all_up=0
  fi

  # dev-stack
  if pid=$(component_pid dev-stack); then
    state=running
    if port_listening "$SUITE_KAFKA_PORT" && port_listening "$SUITE_S3_PORT"; then ready=ready
    else ready="ports not open"; all_up=0; fi
  else
    state=stopped pid=- ready=- all_up=0
  fi
  status_line dev-stack "$state" "$pid" "$SUITE_KAFKA_PORT,$SUITE_S3_PORT,$MAIL_SMTP_PORT,$MAIL_PORT" "$ready"

  # keycloak: healthy, and its realm answers
  if pid=$(component_pid keycloak); then
    state=running
    ready=$(keycloak_health)
    [[ $ready == ready ]] && ready=$(keycloak_realm_state)
    [[ $ready == ready ]] || all_up=0
  else
    state=stopped pid=- ready=- all_up=0
  fi
  status_line keycloak "$state" "$pid" "$KEYCLOAK_PORT,$KEYCLOAK_MGMT_PORT" "$ready"

  # services: one line per replica
  for i in "${!INST_NAMES[@]}"; do
    svc=${INST_NAMES[$i]}
    if pid=$(component_pid "$svc"); then
      state=running
      ready=$(service_health "${INST_PORTS[$i]}")
      [[ $ready == ready ]] || all_up=0
    else
      state=stopped pid=- ready=- all_up=0
    fi
    status_line "$svc" "$state" "$pid" "${INST_PORTS[$i]}" "$ready"
  done

  # ingress: our config answers the JSON 404 on /
  if pid=$(ingress_pid); then
    state=running
    code=$(http_code "$BASE_URL/")
    if [[ $code == 404 ]]; then ready=ready; else ready="not answering (HTTP $code)"; all_up=0; fi
  else
    state=stopped pid=- ready=- all_up=0
  fi
  status_line ingress "$state" "$pid" "$INGRESS_PORT" "$ready"

  (( all_up )) || exit 3
}

# ----------------------------------------------------------------------------------------
# logs
# ----------------------------------------------------------------------------------------

cmd_logs() {
  local comp='' follow=0 arg
  for arg in "$@"; do
    case $arg in
      -f|--follow) follow=1 ;;
      -*) die "usage: ./suite logs <component> [-f]" ;;
      *) [[ -z $comp ]] || die "usage: ./suite logs <component> [-f]"; comp=$arg ;;
    esac
  done
  local file='' valid=(dev-stack keycloak "${INST_NAMES[@]}" ingress ingress-access build postgres)
  case $comp in
    ingress) file=$NGINX_DIR/error.log ;;
    ingress-access) file=$NGINX_DIR/access.log ;;
    postgres)
      file=$PG_LOG
      if [[ -z $file ]]; then
        file=$(pg_lsclusters -h 2>/dev/null | awk -v p="$PG_PORT" '$3 == p { print $7; exit }' || true)
      fi
      [[ -n $file ]] || die "the PostgreSQL log is not known (not a local cluster)" ;;
    '') die "usage: ./suite logs <component> [-f]; components: ${valid[*]}" ;;
    *)
      local v ok=0
      for v in "${valid[@]}"; do [[ $v == "$comp" ]] && ok=1; done
      (( ok )) || die "unknown component '$comp'; valid: ${valid[*]}"
      file=$LOG_DIR/$comp.log ;;
  esac
  [[ -e $file ]] || die "no log yet: $file"
  if (( follow )); then
    exec tail -n 200 -F "$file"
  else
    tail -n 200 "$file"
  fi
}

# ----------------------------------------------------------------------------------------
# down
# ----------------------------------------------------------------------------------------

cmd_down() {
  with_lock
  local before
  before=$(date +%s)
  stop_ingress
  # A service's first run after a build assembles its ahead-of-time cache as it exits
  # (start_services), which takes longer than a plain stop on a busy machine.
  # Every replica that runs, whatever --replicas the last `up` had.
  local -a instances
  mapfile -t instances < <(service_instances_alive)
  STOP_TIMEOUT=$SERVICE_STOP_TIMEOUT stop_components "${INST_NAMES[@]}" ${instances[@]+"${instances[@]}"}
  stop_components dev-stack keycloak
  if [[ $PG_STARTED_BY_SUITE == 1 && -n $PG_CLUSTER && -z ${PG_URL:-} ]]; then
    if pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2; then
      pg_ctlcluster --skip-systemctl-redirect "${PG_CLUSTER%/*}" "${PG_CLUSTER#*/}" stop >&2 \
        && echo "stopped postgres (cluster $PG_CLUSTER, started by the suite)" && STOPPED=$((STOPPED + 1))
    fi
    PG_STARTED_BY_SUITE=0
    [[ -f $STATE_FILE ]] && save_state
  fi
  local rc=0
  reap_ports || rc=$?
  if (( rc == 0 )); then
    if (( STOPPED == 0 )); then
      echo "down: nothing was running (suite home $SUITE_HOME)"
    else
      echo "down: stopped $STOPPED component(s) in $(( $(date +%s) - before ))s; data kept in $DATA_DIR and database $SUITE_DB"
    fi
  else
    die "down: some ports are still in use (see above)"
  fi
}

# ----------------------------------------------------------------------------------------
# reset
# ----------------------------------------------------------------------------------------

cmd_reset() {
  cmd_down
  with_lock
  ensure_dirs
  resolve_postgres
  save_state                  # remember if we had to start PostgreSQL, so `down` stops it
  info "reset: dropping database $SUITE_DB and $DATA_DIR"
  admin_psql postgres -c "DROP DATABASE IF EXISTS \"$SUITE_DB\" WITH (FORCE)" >/dev/null
  rm -rf "$DATA_DIR" "$DEMO_FILE"
  echo "reset: database $SUITE_DB dropped, dev-stack data and demo workspace removed"
}

# ----------------------------------------------------------------------------------------
# help
# ----------------------------------------------------------------------------------------

cmd_help() {
  cat <<'EOF'
Usage: ./suite <command> [args]

Commands
  up [--replicas N]   Build what changed, then start PostgreSQL (if needed), the dev-stack
                      (Kafka, S3, mail catcher), Keycloak, the six services and the nginx ingress; seed a
                      demo workspace with a team and a student member; print URLs and
                      credentials. Safe to repeat: only dead
                      components are restarted. --replicas N (1-4; default 1, or what the
                      last up used) runs N instances of every service behind the ingress.
  down                Stop the ingress, the services, the dev-stack, Keycloak (and PostgreSQL
                      if `up` started it). Data is kept.
  status              One line per component. Exit 0 when everything is up, 3 otherwise.
  env [--export]      Shell-sourceable settings: eval "$(./suite env)"
                      (BASE_URL, WORKSPACE_ID, API_KEY, TEST_API_KEY, OPERATOR_TOKEN, S3_*,
                      KAFKA_BOOTSTRAP_SERVERS, DATABASE_URL, WEBHOOK_CA_CERT,
                      WEBHOOK_CA_KEY, SCORM_CONTENT_ORIGIN, INGRESS_ACCESS_LOG, SUITE_LOG_DIR,
                      <SERVICE>_URL (replica r >= 2: <SERVICE>_<r>_URL), SUITE_REPLICAS,
                      KEYCLOAK_URL, KEYCLOAK_ISSUER, KEYCLOAK_ADMIN_USER,
                      KEYCLOAK_ADMIN_PASSWORD, MCP_URL, MAIL_URL, DEMO_TEAM_EMAIL, DEMO_TEAM_PASSWORD,
                      DEMO_STUDENT_EMAIL, DEMO_STUDENT_PASSWORD)
  logs <component> [-f]
                      Last 200 lines of a log, or follow it. Components: dev-stack,
                      keycloak, the services (replica r >= 2: <service>-r), ingress,
                      ingress-access, build, postgres.
  reset               down, then drop the database and the dev-stack data (fresh start).
  test                ./mvnw -B install (component tests), then the system tests against a
                      separate suite (ports 18080.., database courseplatform_systest).
  help                This text.

Environment
  SUITE_HOME          state, logs, keys, data (default <repo>/.suite; relative to the cwd)
  SUITE_PORT_BASE     ingress port (default 8080); services use base+1 .. base+6,
                      Keycloak base+10 (HTTP) and base+11 (management, health); with
                      replicas, replica r of a service base+10*r+n (r=2: base+21 .. base+26)
                      and the services reach one another through base+51 .. base+56
  SUITE_REPLICAS      instances per service, as --replicas (saved by up)
  SUITE_KAFKA_PORT    default 9092          SUITE_S3_PORT   default 9000
  SUITE_DB            database name (default courseplatform_<8 hex digits of the suite
                      home's path>: every suite home has its own; saved by up)
  SUITE_JAVA_OPTS     JVM options of the services
                      (default -Xms32m -Xmx384m -XX:+UseSerialGC -Xss512k
                       -XX:MaxMetaspaceSize=192m -XX:+ExitOnOutOfMemoryError
                       -XX:TrimNativeHeapInterval=5000, and on JDK 25
                       -XX:+UseCompactObjectHeaders)
  SUITE_SKIP_BUILD=1  do not run Maven in `up`
  SUITE_EVENT_LOG_LEVEL  level of the services' event and webhook lines (default DEBUG;
                      INFO for benchmarks)
  SUITE_TEST_SKIP_UNIT=1  `test` skips the component tests
  PG_URL              admin URL of an existing PostgreSQL, e.g. postgresql://postgres@host:5432/postgres
  JAVA_HOME           used when it is a JDK >= 21 (else the newest /usr/lib/jvm/* >= 21)
  WEBHOOKS_ALLOWED_ADDRESSES  addresses webhooks may reach although not public
                      (default 127.0.0.1/32,::1/128: receivers on this machine)
Every other variable you export (e.g. QUARKUS_LOG_LEVEL, WEBHOOKS_RETRY_DELAYS=1s,2s,3s,4s,5s)
reaches the services.
EOF
}
