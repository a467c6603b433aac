# shellcheck shell=bash
#
# scripts/suite/services.sh — the six services: their environment, start (in parallel) and
# readiness. Sourced by ./suite.

# service_env SERVICE INDEX PORT: the NAME=value environment of one instance of a service.
# The suite logs the events' way at DEBUG (the outbox queueing an event, the inbox and the webhook
# intake handling it, each delivery attempt), each line with its trace's mdc.traceId, so a request
# can be followed through every service's log (docs/operations.md); SUITE_EVENT_LOG_LEVEL=INFO
# leaves them out.
service_env() {
  local svc=$1 i=$2 port=$3 role=${SVC_SCHEMAS[$2]} members_url courses_url migrations_url
  members_url=$(service_url members-service || echo "http://127.0.0.1:$((SUITE_PORT_BASE + 1))")
  courses_url=$(service_url course-service || echo "http://127.0.0.1:$((SUITE_PORT_BASE + 2))")
  migrations_url=$(service_url migration-service || echo "http://127.0.0.1:$((SUITE_PORT_BASE + 4))")
  printf '%s\n' \
    "QUARKUS_HTTP_PORT=$port" \
    "QUARKUS_HTTP_HOST=127.0.0.1" \
    "QUARKUS_DATASOURCE_REACTIVE_URL=postgresql://$PG_HOST:$PG_PORT/$SUITE_DB" \
    "QUARKUS_DATASOURCE_JDBC_URL=jdbc:postgresql://$PG_HOST:$PG_PORT/$SUITE_DB" \
    "QUARKUS_DATASOURCE_USERNAME=$role" \
    "QUARKUS_DATASOURCE_PASSWORD=$(db_password "$role")" \
    "KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:$SUITE_KAFKA_PORT" \
    "PLATFORM_S3_ENDPOINT=$S3_URL" \
    "PLATFORM_S3_BUCKET=$S3_BUCKET" \
    "PLATFORM_S3_ACCESS_KEY=$S3_ACCESS_KEY" \
    "PLATFORM_S3_SECRET_KEY=$S3_SECRET_KEY" \
    "PLATFORM_S3_REGION=$S3_REGION" \
    "PLATFORM_AUTH_MEMBERS_URL=$members_url" \
    "PLATFORM_SERVICES_COURSE_SERVICE_URL=$courses_url" \
    "PLATFORM_SERVICES_MIGRATION_SERVICE_URL=$migrations_url" \
    "PLATFORM_AUTH_PRIVATE_KEY_LOCATION=$KEY_DIR/jwt/private/$svc.pem" \
    "PLATFORM_AUTH_PUBLIC_KEYS_LOCATION=$KEY_DIR/jwt/public" \
    "PLATFORM_AUTH_TRUSTED_PROXIES=127.0.0.1,::1" \
    "PLATFORM_PUBLIC_BASE_URL=$BASE_URL" \
    "SCORM_PLAYER_CONTENT_ORIGIN=$SCORM_CONTENT_ORIGIN" \
    "QUARKUS_LOG_CATEGORY__ORG_COURSEPLATFORM_PLATFORM_EVENTS__LEVEL=${SUITE_EVENT_LOG_LEVEL:-DEBUG}" \
    "QUARKUS_LOG_CATEGORY__ORG_COURSEPLATFORM_WEBHOOKS__LEVEL=${SUITE_EVENT_LOG_LEVEL:-DEBUG}"
  # Only members-service serves the operator's admin API; it also provisions members into
  # Keycloak through the admin API, as the realm's client members-service.
  if [[ $svc == members-service ]]; then
    printf '%s\n' "PLATFORM_AUTH_OPERATOR_TOKEN=$OPERATOR_TOKEN" \
      "PLATFORM_KEYCLOAK_URL=$KEYCLOAK_URL" \
      "PLATFORM_KEYCLOAK_REALM=$KEYCLOAK_REALM" \
      "PLATFORM_KEYCLOAK_CLIENT_ID=members-service" \
      "PLATFORM_KEYCLOAK_CLIENT_SECRET=$(<"$KEY_DIR/keycloak-members-service-secret")"
  fi
  # agent-gateway accepts the realm's tokens on /mcp (consumer-mcp.issuer).
  if [[ $svc == agent-gateway ]]; then
    printf '%s\n' "CONSUMER_MCP_ISSUER=$KEYCLOAK_ISSUER"
  fi
  # webhook-dispatcher: secrets key, the local CA, and receivers on this machine allowed.
  if [[ $svc == webhook-dispatcher ]]; then
    printf '%s\n' "WEBHOOKS_SECRET_KEY=$(<"$KEY_DIR/webhooks-secret-key")" \
      "WEBHOOKS_TRUST_CA=$KEY_DIR/webhook-ca.pem" \
      "WEBHOOKS_ALLOWED_ADDRESSES=${WEBHOOKS_ALLOWED_ADDRESSES:-127.0.0.1/32,::1/128}"
  fi
}

# built_after SERVICE FILE: whether any file of the service's build is newer than FILE.
built_after() {
  [[ -n $(find "$REPO_DIR/$1/target/quarkus-app" -newer "$2" -print -quit) ]]
}

# Set by start_services when an instance records its ahead-of-time cache: readiness then waits
# SERVICE_RECORD_READY_TIMEOUT.
SERVICES_RECORDING=0

# start_services: every dead instance of the services, in parallel, then wait for all to be
# ready. Instances beyond the replica count (a previous `up --replicas`) are stopped first.
start_services() {
  local i svc name port pid r
  local -a java_opts jdk25_opts envs extra=()
  read -r -a java_opts <<<"$SUITE_JAVA_OPTS"
  if (( SUITE_JAVA_OPTS_DEFAULT && JAVA_MAJOR >= 25 )); then
    read -r -a jdk25_opts <<<"$DEFAULT_JAVA_OPTS_25"
    java_opts+=("${jdk25_opts[@]}")
  fi
  while read -r name; do
    [[ -z $name ]] && continue
    r=${name##*-}
    [[ $name == "$(service_of "$name")" ]] && r=1
    (( r > SUITE_REPLICAS )) && extra+=("$name")
  done < <(service_instances_alive)
  if (( ${#extra[@]} )); then
    info "stopping replicas beyond --replicas $SUITE_REPLICAS: ${extra[*]}"
    STOP_TIMEOUT=$SERVICE_STOP_TIMEOUT stop_components "${extra[@]}" >&2
  fi
  mkdir -p "$SUITE_HOME/aot"
  rm -rf "$SUITE_HOME/cds"      # the dynamic archives of older suites
  for i in "${!INST_NAMES[@]}"; do
    name=${INST_NAMES[$i]} port=${INST_PORTS[$i]} r=${INST_REPLICA[$i]}
    svc=${SVC_NAMES[${INST_SVC[$i]}]}
    if pid=$(component_pid "$name"); then
      info "$name: running (pid $pid)"
      continue
    fi
    require_free_port "$port" "$name"
    mapfile -t envs < <(service_env "$svc" "${INST_SVC[$i]}" "$port")
    info "$name: starting on port $port"
    # An ahead-of-time cache per service (JDK 25, JEP 514/515): a recording run notes which
    # classes load and which methods run hot, and the JVM assembles the cache when that run
    # exits cleanly; later runs start from it (the services are packaged as aot-jar so that the
    # cache holds their classes too: less than half the start time of a run without it,
    # docs/performance.md). Older JDKs keep the dynamic class-data archive. A recording run
    # starts about 2.5 times slower than a plain one, so the first start of a build is plain
    # (it leaves <service>.aot.seen) and the second records: a new clone's first `up` is not
    # slowed, and a service restarted after every build never pays for a cache it would not use.
    # A stale cache (the service was rebuilt) is removed. Only replica 1 records or removes it;
    # the other replicas use it when it exists, read-only, so that no two JVMs write one file.
    # SUITE_AOT_CACHE=0 (the system-test suite of `./suite test`): neither records nor uses one;
    # that suite's services are rebuilt before every run, so a cache would never be used.
    local cache seen
    local -a cache_opts=()
    if [[ ${SUITE_AOT_CACHE:-1} == 0 ]]; then
      cache=''
    elif (( JAVA_MAJOR >= 25 )); then
      cache=$SUITE_HOME/aot/$svc.aot
    else
      cache=$SUITE_HOME/aot/$svc.jsa
    fi
    seen=$cache.seen
    local stale=0
    if [[ -n $cache && -f $cache ]] && built_after "$svc" "$cache"; then
      stale=1
    fi
    if [[ -z $cache ]]; then
      :
    elif (( r == 1 )); then
      (( stale )) && rm -f "$cache"
      local use=0 record=0
      if [[ -f $cache ]]; then
        use=1
      elif [[ -f $seen ]] && ! built_after "$svc" "$seen"; then
        record=1
      else
        touch "$seen"
      fi
      if [[ $cache == *.jsa ]] && (( use || record )); then
        # The dynamic archive writes itself when missing and is read when present: one option for both.
        cache_opts=(-XX:+AutoCreateSharedArchive "-XX:SharedArchiveFile=$cache")
      elif (( use )); then
        cache_opts=("-XX:AOTCache=$cache")
      elif (( record )); then
        cache_opts=("-XX:AOTCacheOutput=$cache")
      fi
      if (( record )); then
        SERVICES_RECORDING=1
        info "$name: recording its ahead-of-time cache (this start is slower; the next ones are faster)"
      fi
    elif [[ -f $cache ]] && (( ! stale )); then
      if [[ $cache == *.jsa ]]; then
        cache_opts=("-XX:SharedArchiveFile=$cache")
      else
        cache_opts=("-XX:AOTCache=$cache")
      fi
    fi
    # MALLOC_ARENA_MAX: glibc's per-thread malloc arenas are idle memory for a JVM that
    # allocates little off-heap; two keep the idle RSS down.
    spawn "$name" env MALLOC_ARENA_MAX=2 "${envs[@]}" "$JAVA_HOME/bin/java" "${java_opts[@]}" \
      ${cache_opts[@]+"${cache_opts[@]}"} \
      -jar "$REPO_DIR/$svc/target/quarkus-app/quarkus-run.jar"
  done
  wait_services_ready
}

# wait_services_ready: poll /q/health/ready of every instance until all answer 200.
wait_services_ready() {
  local timeout=$SERVICE_READY_TIMEOUT
  (( SERVICES_RECORDING )) && timeout=$SERVICE_RECORD_READY_TIMEOUT
  local deadline=$((SECONDS + timeout)) started=$SECONDS svc port
  local -a pending=("${INST_NAMES[@]}") still
  while (( ${#pending[@]} )); do
    still=()
    for svc in "${pending[@]}"; do
      port=$(instance_port "$svc")
      if [[ $(http_code "http://127.0.0.1:$port/q/health/ready") == 200 ]]; then
        info "$svc: ready ($((SECONDS - started))s)"
      elif ! component_pid "$svc" >/dev/null; then
        tail_log "$svc"
        die "$svc exited during start-up (log: $LOG_DIR/$svc.log)"
      else
        still+=("$svc")
      fi
    done
    pending=(${still[@]+"${still[@]}"})
    (( ${#pending[@]} )) || break
    if (( SECONDS >= deadline )); then
      for svc in "${pending[@]}"; do tail_log "$svc"; done
      die "not ready after ${timeout}s: ${pending[*]} (logs in $LOG_DIR)"
    fi
    sleep 0.5
  done
}

# instance_port INSTANCE: its port.
instance_port() {
  local i
  for i in "${!INST_NAMES[@]}"; do
    if [[ ${INST_NAMES[$i]} == "$1" ]]; then printf '%s\n' "${INST_PORTS[$i]}"; return 0; fi
  done
  return 1
}

# service_health PORT: "ready" or "not ready (HTTP n)".
service_health() {
  local code
  code=$(http_code "http://127.0.0.1:$1/q/health/ready")
  if [[ $code == 200 ]]; then echo ready; else echo "not ready (HTTP $code)"; fi
}
