# shellcheck shell=bash
# The globals set here are read by the other parts of ./suite:
# shellcheck disable=SC2034
#
# scripts/suite/config.sh — configuration: environment knobs > the state of the last `up` >
# defaults; the services of deploy/services.tsv; the lock of a suite home. Sourced by ./suite.

SERVICES_TSV=$REPO_DIR/deploy/services.tsv
ROUTES_TSV=$REPO_DIR/deploy/routes.tsv
# The API reference (docs/api-reference.md): the routes of this "service" in routes.tsv are files
# of the static site its module builds, which nginx serves itself.
REFERENCE_SERVICE=api-reference
REFERENCE_SITE=$REPO_DIR/api-reference/target/site

# Shared libraries and the dev-stack; the six services are appended from services.tsv.
PLATFORM_MODULES=(platform/platform-web platform/platform-storage platform/platform-auth platform/platform-events
                  platform/platform-testing platform/dev-stack)

# The dev-stack's S3 credentials are generated once per suite home (load_local_secrets).
S3_ACCESS_KEY=''
S3_SECRET_KEY=''
S3_BUCKET=course-platform
S3_REGION=us-east-1

# The services' JVM options. TrimNativeHeapInterval hands memory the JVM freed (the compilers'
# arenas above all) back to the system every 5 s; on JDK 25 the default options also take compact
# object headers (JEP 519), which JDK 21 does not have. Together about 20 MB less idle RSS per
# service (docs/performance.md).
DEFAULT_JAVA_OPTS="-Xms32m -Xmx384m -XX:+UseSerialGC -Xss512k -XX:MaxMetaspaceSize=192m -XX:+ExitOnOutOfMemoryError -XX:TrimNativeHeapInterval=5000"
DEFAULT_JAVA_OPTS_25="-XX:+UseCompactObjectHeaders"

# Keycloak, the authorization server of the consumer MCP endpoint (docs/keycloak.md): the
# distribution zip from Maven, its realm from deploy/keycloak, its tables in schema `keycloak`.
KEYCLOAK_VERSION=26.7.3
KEYCLOAK_REALM=course-platform
KEYCLOAK_ROLE=keycloak
KEYCLOAK_ADMIN_USER='admin'   # its bootstrap admin (master realm); the password is generated once
KEYCLOAK_REALM_FILE=deploy/keycloak/course-platform-realm.json
# Build-time options of `kc.sh build` (an optimized start skips the build step at every start).
KEYCLOAK_BUILD_OPTS=(--db=postgres --health-enabled=true --cache=local)
# Its own JVM options (kc.sh would take 70 % of the machine's memory and G1 otherwise).
KEYCLOAK_JAVA_OPTS="-Xms64m -Xmx320m -XX:+UseSerialGC -Xss512k -XX:MetaspaceSize=96m -XX:MaxMetaspaceSize=256m -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 -Djava.security.egd=file:/dev/urandom"

# Instances per service (./suite up --replicas N). Replica 1 of a service listens on base+n (its
# port in services.tsv), replica r >= 2 on base+10*r+n (r=2: base+21..26); base+10 and base+11
# are Keycloak's. With more than one replica every service is also reachable through the
# ingress's internal listener base+50+n, which balances over its replicas, like a Kubernetes
# Service: the services call one another there.
MAX_REPLICAS=4

SERVICE_READY_TIMEOUT=120     # seconds for every service's /q/health/ready
SERVICE_RECORD_READY_TIMEOUT=300  # the same when a service records its ahead-of-time cache (a slower start)
KEYCLOAK_READY_TIMEOUT=180    # seconds for Keycloak's /health/ready (its first start creates its tables)
DEVSTACK_READY_TIMEOUT=60     # seconds for the Kafka and S3 ports
STOP_TIMEOUT=20               # seconds between SIGTERM and SIGKILL
SERVICE_STOP_TIMEOUT=240      # the same for a service, which may be writing its AOT cache (six at once on two cores)
# The SCORM content origin's domain: each launch gets <label>.content.localhost (scorm.player.content-origin).
SCORM_CONTENT_DOMAIN=content.localhost

load_config() {
  SUITE_HOME=${SUITE_HOME:-$REPO_DIR/.suite}
  [[ $SUITE_HOME == /* ]] || SUITE_HOME=$CALLER_PWD/$SUITE_HOME
  SUITE_HOME=$(realpath -m -- "$SUITE_HOME")
  LOG_DIR=$SUITE_HOME/logs
  RUN_DIR=$SUITE_HOME/run
  STATE_DIR=$SUITE_HOME/state
  KEY_DIR=$SUITE_HOME/keys
  DATA_DIR=$SUITE_HOME/data
  NGINX_DIR=$SUITE_HOME/nginx
  NGINX_CONF=$NGINX_DIR/nginx.conf
  NGINX_PID=$NGINX_DIR/nginx.pid
  STATE_FILE=$STATE_DIR/suite.env
  DEMO_FILE=$STATE_DIR/demo.env

  # What the last `up` used, so that `status`, `env`, `down` and a second `up` agree with
  # it even when the knobs are not exported again.
  SAVED_SUITE_PORT_BASE='' SAVED_SUITE_KAFKA_PORT='' SAVED_SUITE_S3_PORT='' SAVED_SUITE_DB=''
  SAVED_SUITE_REPLICAS=''
  SAVED_PG_HOST='' SAVED_PG_PORT='' SAVED_PG_ADMIN_URL='' SAVED_PG_ADMIN_MODE=''
  SAVED_PG_STARTED_BY_SUITE=0 SAVED_PG_CLUSTER='' SAVED_PG_LOG=''
  if [[ -f $STATE_FILE ]]; then
    # shellcheck source=/dev/null
    . "$STATE_FILE"
  fi

  SUITE_PORT_BASE=${SUITE_PORT_BASE:-${SAVED_SUITE_PORT_BASE:-8080}}
  SUITE_KAFKA_PORT=${SUITE_KAFKA_PORT:-${SAVED_SUITE_KAFKA_PORT:-9092}}
  SUITE_S3_PORT=${SUITE_S3_PORT:-${SAVED_SUITE_S3_PORT:-9000}}
  SUITE_DB=${SUITE_DB:-${SAVED_SUITE_DB:-$(default_db_name)}}
  SUITE_REPLICAS=${SUITE_REPLICAS:-${SAVED_SUITE_REPLICAS:-1}}
  SUITE_JAVA_OPTS_DEFAULT=0
  [[ -z ${SUITE_JAVA_OPTS:-} ]] && SUITE_JAVA_OPTS_DEFAULT=1
  SUITE_JAVA_OPTS=${SUITE_JAVA_OPTS:-$DEFAULT_JAVA_OPTS}
  SUITE_SKIP_BUILD=${SUITE_SKIP_BUILD:-0}
  check_port_knob SUITE_PORT_BASE "$SUITE_PORT_BASE"
  check_port_knob SUITE_KAFKA_PORT "$SUITE_KAFKA_PORT"
  check_port_knob SUITE_S3_PORT "$SUITE_S3_PORT"
  [[ $SUITE_DB =~ ^[a-z_][a-z0-9_]{0,62}$ ]] \
    || die "SUITE_DB must be a plain lower-case identifier ([a-z_][a-z0-9_]*), got '$SUITE_DB'"
  [[ $SUITE_REPLICAS =~ ^[1-$MAX_REPLICAS]$ ]] \
    || die "SUITE_REPLICAS (--replicas) must be 1 to $MAX_REPLICAS, got '$SUITE_REPLICAS'"

  INGRESS_PORT=$SUITE_PORT_BASE
  BASE_URL=http://127.0.0.1:$INGRESS_PORT
  SCORM_CONTENT_ORIGIN="http://{session}.$SCORM_CONTENT_DOMAIN:$INGRESS_PORT"
  S3_URL=http://127.0.0.1:$SUITE_S3_PORT

  # Keycloak: HTTP on base+10, management (health) on base+11; the issuer of MCP tokens and the
  # resource (audience) they are minted for.
  KEYCLOAK_PORT=$((SUITE_PORT_BASE + 10))
  KEYCLOAK_MGMT_PORT=$((SUITE_PORT_BASE + 11))
  KEYCLOAK_URL=http://127.0.0.1:$KEYCLOAK_PORT
  KEYCLOAK_ISSUER=$KEYCLOAK_URL/realms/$KEYCLOAK_REALM
  KEYCLOAK_DIR=$SUITE_HOME/keycloak
  KEYCLOAK_HOME=$KEYCLOAK_DIR/keycloak-$KEYCLOAK_VERSION
  MCP_RESOURCE=$BASE_URL/mcp

  # The mail catcher of the dev-stack: SMTP on base+12 (Keycloak's password-reset mails), the
  # messages it caught on base+13 (GET /messages?to=<address>).
  MAIL_SMTP_PORT=$((SUITE_PORT_BASE + 12))
  MAIL_PORT=$((SUITE_PORT_BASE + 13))
  MAIL_URL=http://127.0.0.1:$MAIL_PORT

  # PostgreSQL as far as it is known without touching it (resolve_postgres refines it).
  PG_HOST=${SAVED_PG_HOST:-127.0.0.1}
  PG_PORT=${SAVED_PG_PORT:-5432}
  PG_ADMIN_URL=${SAVED_PG_ADMIN_URL:-postgresql://postgres@127.0.0.1:5432/postgres}
  PG_ADMIN_MODE=${SAVED_PG_ADMIN_MODE:-url}
  PG_STARTED_BY_SUITE=${SAVED_PG_STARTED_BY_SUITE:-0}
  PG_CLUSTER=$SAVED_PG_CLUSTER
  PG_LOG=$SAVED_PG_LOG
  if [[ -n ${PG_URL:-} ]]; then
    parse_pg_url "$PG_URL"
    PG_ADMIN_URL=$PG_URL PG_ADMIN_MODE=url PG_STARTED_BY_SUITE=0 PG_CLUSTER='' PG_LOG=''
  fi

  read_services
}

# default_db_name: courseplatform_<8 hex digits of the suite home's path>. Every suite home
# (a second checkout, or a second home of one checkout) gets a database of its own: Keycloak's
# admin, the role passwords and the dev-stack's S3 objects are the home's, so two homes sharing
# one database could not take turns.
default_db_name() {
  local digest
  digest=$(printf '%s' "$SUITE_HOME" | sha256sum)
  printf 'courseplatform_%s\n' "${digest:0:8}"
}

# save_state: remember this run's ports, database and PostgreSQL facts.
save_state() {
  mkdir -p "$STATE_DIR"
  local tmp=$STATE_FILE.tmp var
  (
    umask 077
    {
      echo "# Written by ./suite up; read by the other subcommands. Safe to delete when down."
      for var in SUITE_PORT_BASE SUITE_KAFKA_PORT SUITE_S3_PORT SUITE_DB SUITE_REPLICAS PG_HOST PG_PORT \
                 PG_ADMIN_URL PG_ADMIN_MODE PG_STARTED_BY_SUITE PG_CLUSTER PG_LOG; do
        printf 'SAVED_%s=%s\n' "$var" "$(sh_quote "${!var}")"
      done
    } >"$tmp"
  )
  mv -f "$tmp" "$STATE_FILE"
}

# read_services: SVC_NAMES/SVC_PORTS/SVC_SCHEMAS from deploy/services.tsv. A service's
# local port there is 8080+n; here it becomes SUITE_PORT_BASE+n (the ingress is the base).
read_services() {
  SVC_NAMES=() SVC_PORTS=() SVC_SCHEMAS=()
  [[ -f $SERVICES_TSV ]] || die "missing $SERVICES_TSV"
  local name port schema _rest
  while IFS=$'\t' read -r name port schema _rest || [[ -n $name ]]; do
    name=${name%$'\r'} port=${port%$'\r'} schema=${schema%$'\r'}
    [[ -z $name || $name == \#* ]] && continue
    [[ $name =~ ^[a-z][a-z0-9-]*$ ]] || die "services.tsv: bad service name '$name'"
    if ! is_uint "$port" || (( port <= 8080 || port >= 8180 )); then
      die "services.tsv: bad port '$port' for $name"
    fi
    [[ $schema =~ ^[a-z_][a-z0-9_]*$ ]] || die "services.tsv: bad schema '$schema' for $name"
    SVC_NAMES+=("$name")
    SVC_PORTS+=($((SUITE_PORT_BASE + port - 8080)))
    SVC_SCHEMAS+=("$schema")
  done <"$SERVICES_TSV"
  (( ${#SVC_NAMES[@]} )) || die "no services in $SERVICES_TSV"
  read_instances
  # Database roles (one schema each): the services' and Keycloak's.
  DB_ROLES=("${SVC_SCHEMAS[@]}" "$KEYCLOAK_ROLE")
  MODULES=("${PLATFORM_MODULES[@]}" "${SVC_NAMES[@]}" "$REFERENCE_SERVICE")
}

# read_instances: INST_NAMES/INST_PORTS/INST_SVC (index into SVC_NAMES)/INST_REPLICA, one entry
# per running copy of a service: replica 1 is named like the service (run/<service>.pid,
# logs/<service>.log), replica r >= 2 <service>-r.
read_instances() {
  INST_NAMES=() INST_PORTS=() INST_SVC=() INST_REPLICA=()
  local i r
  for i in "${!SVC_NAMES[@]}"; do
    for (( r = 1; r <= SUITE_REPLICAS; r++ )); do
      INST_NAMES+=("$(instance_name "${SVC_NAMES[$i]}" "$r")")
      INST_PORTS+=("$(replica_port "${SVC_PORTS[$i]}" "$r")")
      INST_SVC+=("$i")
      INST_REPLICA+=("$r")
    done
  done
}

# instance_name SERVICE REPLICA: members-service 1 -> members-service, members-service 2 -> members-service-2
instance_name() {
  if (( $2 == 1 )); then printf '%s\n' "$1"; else printf '%s-%s\n' "$1" "$2"; fi
}

# replica_port PORT REPLICA: the port of that replica of the service whose replica 1 has PORT.
replica_port() {
  if (( $2 == 1 )); then printf '%s\n' "$1"; else printf '%s\n' $(( $1 + 10 * $2 )); fi
}

# service_of INSTANCE: the service an instance name belongs to (members-service-2 -> members-service).
service_of() {
  local svc
  for svc in "${SVC_NAMES[@]}"; do
    if [[ $1 == "$svc" || ( $1 == "$svc"-* && ${1#"$svc"-} =~ ^[0-9]+$ ) ]]; then
      printf '%s\n' "$svc"; return 0
    fi
  done
  return 1
}

# internal_port SERVICE_PORT: the ingress's internal listener of the service whose replica 1 has
# SERVICE_PORT (only with more than one replica).
internal_port() { printf '%s\n' $(( $1 + 50 )); }

# service_url SERVICE: how another service reaches it: replica 1 directly, or with replicas the
# ingress's internal listener that balances over all of them.
service_url() {
  local port
  port=$(svc_port "$1") || return 1
  if (( SUITE_REPLICAS > 1 )); then port=$(internal_port "$port"); fi
  printf 'http://127.0.0.1:%s\n' "$port"
}

# svc_port SERVICE: its local port (fails for an unknown service).
svc_port() {
  local i
  for i in "${!SVC_NAMES[@]}"; do
    if [[ ${SVC_NAMES[$i]} == "$1" ]]; then printf '%s\n' "${SVC_PORTS[$i]}"; return 0; fi
  done
  return 1
}

ensure_dirs() {
  mkdir -p "$LOG_DIR" "$RUN_DIR" "$STATE_DIR" "$DATA_DIR" "$NGINX_DIR"
}

# with_lock: one up/down/reset at a time per SUITE_HOME. fd 9 holds the lock; every
# long-lived process is started with 9>&- so it does not inherit (and keep) the lock.
with_lock() {
  mkdir -p "$RUN_DIR"
  exec 9>"$RUN_DIR/suite.lock"
  if ! flock -n 9; then
    info "another ./suite command is using $SUITE_HOME; waiting for it"
    flock 9
  fi
}
