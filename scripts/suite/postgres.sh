# shellcheck shell=bash
#
# scripts/suite/postgres.sh — PostgreSQL: find, start or install a server; the admin connection;
# the database, one role and one schema per service. Sourced by ./suite.

# parse_pg_url URL: PG_HOST and PG_PORT from a libpq URL postgresql://[user[:pw]@]host[:port][/db][?...]
parse_pg_url() {
  local re='^postgres(ql)?://([^@/?]*@)?(\[[^]]+\]|[^:/?]+)(:([0-9]+))?(/[^?]*)?(\?.*)?$'
  [[ $1 =~ $re ]] || die "PG_URL must look like postgresql://user@host:5432/postgres (got a value that does not)"
  PG_HOST=${BASH_REMATCH[3]}
  PG_PORT=${BASH_REMATCH[5]:-5432}
}

# pg_url_with_db URL DB: the same URL pointing at database DB.
pg_url_with_db() {
  local re='^([a-z]+://[^/?]*)(/[^?]*)?(\?.*)?$'
  [[ $1 =~ $re ]] || die "cannot parse PostgreSQL URL"
  printf '%s/%s%s\n' "${BASH_REMATCH[1]}" "$2" "${BASH_REMATCH[3]}"
}

# pg_cluster_line: the cluster to use, as "version name port status owner datadir logfile"
# (the one on port 5432 if any, else the newest).
pg_cluster_line() {
  local line
  line=$(pg_lsclusters -h 2>/dev/null | awk '$3 == 5432 { print; exit }')
  [[ -n $line ]] || line=$(pg_lsclusters -h 2>/dev/null | sort -V | tail -n1)
  printf '%s\n' "$line"
}

# install_postgres: apt-get install postgresql (root only).
install_postgres() {
  if (( EUID != 0 )) || ! command -v apt-get >/dev/null; then
    die "PostgreSQL is not running on 127.0.0.1:5432 and cannot be started here.
  Start one, or set PG_URL=postgresql://user@host:port/postgres (an admin connection)."
  fi
  info "installing PostgreSQL (apt-get install -y postgresql)"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -q postgresql 9>&- >"$LOG_DIR/apt-postgresql.log" 2>&1; then
    apt-get update -q 9>&- >>"$LOG_DIR/apt-postgresql.log" 2>&1 || true
    apt-get install -y -q postgresql 9>&- >>"$LOG_DIR/apt-postgresql.log" 2>&1 \
      || die "apt-get install postgresql failed (see $LOG_DIR/apt-postgresql.log)"
  fi
}

# wait_pg HOST PORT SECONDS
wait_pg() {
  local deadline=$((SECONDS + $3))
  until pg_isready -q -h "$1" -p "$2" -t 2; do
    (( SECONDS < deadline )) || return 1
    sleep 0.5
  done
}

# resolve_postgres: find (or start, or install) PostgreSQL; sets PG_HOST, PG_PORT,
# PG_ADMIN_URL, PG_ADMIN_MODE (url | socket) and PG_STARTED_BY_SUITE.
resolve_postgres() {
  if ! command -v pg_isready >/dev/null || ! command -v psql >/dev/null; then
    [[ -n ${PG_URL:-} ]] && die "psql and pg_isready are needed (apt-get install postgresql-client)"
    install_postgres
  fi

  if [[ -n ${PG_URL:-} ]]; then
    parse_pg_url "$PG_URL"
    PG_ADMIN_URL=$PG_URL PG_ADMIN_MODE=url PG_STARTED_BY_SUITE=0 PG_CLUSTER='' PG_LOG=''
    pg_isready -q -d "$PG_URL" -t 10 || die "PostgreSQL at PG_URL ($PG_HOST:$PG_PORT) does not answer"
    info "postgres: using PG_URL ($PG_HOST:$PG_PORT)"
  elif pg_isready -q -h 127.0.0.1 -p 5432 -t 3; then
    # Keep "started by the suite" only if this same local server is the one we started.
    if [[ $PG_STARTED_BY_SUITE == 1 && ( $SAVED_PG_HOST != 127.0.0.1 || $SAVED_PG_PORT != 5432 ) ]]; then
      PG_STARTED_BY_SUITE=0 PG_CLUSTER=''
    fi
    PG_HOST=127.0.0.1 PG_PORT=5432 PG_ADMIN_URL=postgresql://postgres@127.0.0.1:5432/postgres
    if [[ $PG_STARTED_BY_SUITE != 1 ]] && command -v pg_lsclusters >/dev/null; then
      # Remember which local cluster it is (for `status` and `logs postgres`), not ours to stop.
      local v n
      read -r v n _ _ _ _ PG_LOG < <(pg_lsclusters -h 2>/dev/null | awk '$3 == 5432 { print; exit }') || true
      PG_CLUSTER=${v:+$v/$n}
    fi
    info "postgres: using the server on 127.0.0.1:5432"
  else
    command -v pg_ctlcluster >/dev/null || install_postgres
    command -v pg_ctlcluster >/dev/null || die "pg_ctlcluster not found after installing PostgreSQL"
    local line ver name port status logfile
    line=$(pg_cluster_line)
    if [[ -z $line ]]; then
      ver=$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' 2>/dev/null | sort -V | tail -n1)
      [[ -n $ver ]] || die "PostgreSQL is installed but no server version was found under /usr/lib/postgresql"
      info "postgres: creating cluster $ver/main"
      pg_createcluster "$ver" main 9>&- >&2
      line=$(pg_cluster_line)
    fi
    read -r ver name port status _ _ logfile <<<"$line"
    PG_HOST=127.0.0.1 PG_PORT=$port PG_ADMIN_URL=postgresql://postgres@127.0.0.1:$port/postgres
    # shellcheck disable=SC2034  # PG_LOG: read by save_state and logs
    PG_CLUSTER=$ver/$name PG_LOG=$logfile
    if [[ $status == online* ]]; then
      info "postgres: cluster $PG_CLUSTER already online on port $port"
    else
      info "postgres: starting cluster $PG_CLUSTER (port $port)"
      pg_ctlcluster --skip-systemctl-redirect "$ver" "$name" start 9>&- >&2 \
        || die "could not start PostgreSQL cluster $PG_CLUSTER (see $logfile)"
      PG_STARTED_BY_SUITE=1
    fi
    wait_pg 127.0.0.1 "$port" 30 || die "PostgreSQL cluster $PG_CLUSTER does not answer on port $port"
  fi

  # The admin connection: the URL, or (a fresh Debian install authenticates `postgres` by
  # peer only) the Unix socket as the postgres OS user.
  PG_ADMIN_MODE=url
  if ! psql -X -q -At -d "$PG_ADMIN_URL" -c 'select 1' >/dev/null 2>&1; then
    if [[ -z ${PG_URL:-} ]] && (( EUID == 0 )) && command -v runuser >/dev/null \
       && runuser -u postgres -- psql -X -q -At -h /var/run/postgresql -p "$PG_PORT" -d postgres -c 'select 1' >/dev/null 2>&1; then
      PG_ADMIN_MODE=socket
    else
      die "cannot connect to PostgreSQL as admin ($(redact_url "$PG_ADMIN_URL")); set PG_URL to an admin URL"
    fi
  fi
}

# redact_url URL: URL without its password.
redact_url() {
  sed -E 's#^([a-z]+://[^:/@]*):[^@]*@#\1:***@#' <<<"$1"
}

# admin_psql DB [psql args...]: psql as the admin on database DB, stopping at the first error.
admin_psql() {
  local db=$1; shift
  local PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"   # no NOTICE chatter
  export PGOPTIONS
  if [[ $PG_ADMIN_MODE == socket ]]; then
    runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -h /var/run/postgresql -p "$PG_PORT" -d "$db" "$@"
  else
    psql -X -q -v ON_ERROR_STOP=1 -d "$(pg_url_with_db "$PG_ADMIN_URL" "$db")" "$@"
  fi
}

# bootstrap_sql_cluster: database + one LOGIN role per schema (its password generated once,
# see load_local_secrets, and set again on every run), each with its schema as search_path in
# that database. Idempotent.
bootstrap_sql_cluster() {
  local db=$SUITE_DB role
  printf "SELECT format('CREATE DATABASE %%I', '%s') WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = '%s') \\\\gexec\n" "$db" "$db"
  for role in "${DB_ROLES[@]}"; do
    printf "SELECT format('CREATE ROLE %%I LOGIN', '%s') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '%s') \\\\gexec\n" "$role" "$role"
    printf "ALTER ROLE \"%s\" PASSWORD '%s';\n" "$role" "$(db_password "$role")"
    printf 'ALTER ROLE "%s" IN DATABASE "%s" SET search_path = "%s";\n' "$role" "$db" "$role"
    printf 'GRANT CONNECT, TEMP ON DATABASE "%s" TO "%s";\n' "$db" "$role"
  done
}

# bootstrap_sql_database: one schema per service, owned by its role (run inside $SUITE_DB).
bootstrap_sql_database() {
  local schema
  # Trigram indexes (member and course search) need pg_trgm; only a superuser may create it.
  printf 'CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;\n'
  for schema in "${DB_ROLES[@]}"; do
    printf 'CREATE SCHEMA IF NOT EXISTS "%s" AUTHORIZATION "%s";\n' "$schema" "$schema"
  done
}

# DB_OWNER_PREFIX: how the comment of a suite's database starts; the rest is its suite home.
DB_OWNER_PREFIX='course-platform suite home: '

# database_owner: the suite home recorded on $SUITE_DB, empty when the database does not exist
# or was made by a suite that did not record one.
database_owner() {
  local comment
  comment=$(printf "SELECT coalesce(shobj_description(oid, 'pg_database'), '') FROM pg_database WHERE datname = :'db';\n" \
              | admin_psql postgres -At -v db="$SUITE_DB" -f -) || die "postgres: cannot read the owner of database $SUITE_DB"
  [[ $comment == "$DB_OWNER_PREFIX"* ]] && printf '%s\n' "${comment#"$DB_OWNER_PREFIX"}"
  return 0
}

# check_database_owner: refuse a database another suite home set up. Its Keycloak admin
# password, role passwords and S3 objects are that home's, so starting on it would fail later
# ("no admin token") or serve rows whose files are elsewhere. Says what to run instead.
check_database_owner() {
  local owner gone=''
  owner=$(database_owner)
  [[ -z $owner || $owner == "$SUITE_HOME" ]] && return 0
  [[ -d $owner ]] || gone=' (that directory no longer exists)'
  die "postgres: database $SUITE_DB belongs to the suite in $owner$gone, whose Keycloak admin and data this suite does not have. Use a database of this suite's own: 'SUITE_DB=<new name> ./suite up'; or take this one over and lose its data: 'SUITE_DB=$SUITE_DB ./suite reset', then 'SUITE_DB=$SUITE_DB ./suite up'"
}

# claim_database: record this suite home as the owner of $SUITE_DB (its comment).
claim_database() {
  printf "SELECT format('COMMENT ON DATABASE %%I IS %%L', :'db', :'owner') \\gexec\n" \
    | admin_psql postgres -v db="$SUITE_DB" -v owner="$DB_OWNER_PREFIX$SUITE_HOME" -f - >/dev/null \
    || die "postgres: cannot record the owner of database $SUITE_DB"
}

bootstrap_db() {
  check_database_owner
  info "postgres: bootstrapping database $SUITE_DB (schemas and roles: ${DB_ROLES[*]})"
  bootstrap_sql_cluster | admin_psql postgres -f - >/dev/null \
    || die "database bootstrap failed (cluster level)"
  claim_database
  bootstrap_sql_database | admin_psql "$SUITE_DB" -f - >/dev/null \
    || die "database bootstrap failed (schemas in $SUITE_DB)"
}
