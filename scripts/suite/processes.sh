# shellcheck shell=bash
#
# scripts/suite/processes.sh — the processes the suite starts: spawning them detached with a pid
# file, finding them again, their ports, stopping them. Sourced by ./suite.

# spawn NAME CMD...: run CMD detached — own session and process group (setsid), immune to
# SIGHUP (nohup), stdin from /dev/null, stdout+stderr to logs/NAME.log — and record its
# pid in run/NAME.pid. The inner bash writes its own pid, then execs CMD (same pid).
spawn() {
  local name=$1; shift
  local log=$LOG_DIR/$name.log pidfile=$RUN_DIR/$name.pid i
  [[ -f $log ]] && mv -f "$log" "$log.1"
  rm -f "$pidfile"
  # shellcheck disable=SC2016  # $$ and $@ belong to the inner bash
  setsid nohup bash -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$@" </dev/null >"$log" 2>&1 9>&- &
  for i in $(seq 50); do
    [[ -s $pidfile ]] && return 0
    sleep 0.1
  done
  die "could not start $name (see $log)"
}

# component_marker NAME: a string the live process's command line must contain.
component_marker() {
  case $1 in
    dev-stack) printf '%s\n' org.courseplatform.devstack.DevStack ;;
    keycloak)  printf '%s\n' "$KEYCLOAK_HOME/bin/kc.sh" ;;
    *)         printf '%s\n' "$REPO_DIR/$(service_of "$1" || echo "$1")/target/quarkus-app/quarkus-run.jar" ;;
  esac
}

# component_pid NAME: pid of that live suite-started JVM, or fail.
component_pid() {
  pid_from_file "$RUN_DIR/$1.pid" "$(component_marker "$1")"
}

# ingress_pid: pid of our nginx master, or fail.
ingress_pid() {
  pid_from_file "$NGINX_PID" "$NGINX_CONF"
}

# require_free_port PORT WHAT
require_free_port() {
  port_listening "$1" || return 0
  local owner cmd=''
  owner=$(port_owner "$1")
  [[ -n $owner ]] && cmd=" by pid $owner ($(cmdline_of "$owner" | cut -c1-120))"
  die "port $1 (for $2) is already in use$cmd.
  If it is a leftover of this suite, run ./suite down; otherwise free it or choose other ports
  (SUITE_PORT_BASE, SUITE_KAFKA_PORT, SUITE_S3_PORT)."
}

# preflight_ports: before starting anything, every port a dead component needs is free.
preflight_ports() {
  local i
  if ! component_pid dev-stack >/dev/null; then
    require_free_port "$SUITE_KAFKA_PORT" "Kafka of the dev-stack"
    require_free_port "$((SUITE_KAFKA_PORT + 1))" "the Kafka controller of the dev-stack"
    require_free_port "$SUITE_S3_PORT" "S3 of the dev-stack"
  fi
  if ! component_pid keycloak >/dev/null; then
    require_free_port "$KEYCLOAK_PORT" "Keycloak"
    require_free_port "$KEYCLOAK_MGMT_PORT" "Keycloak's management interface"
  fi
  for i in "${!INST_NAMES[@]}"; do
    component_pid "${INST_NAMES[$i]}" >/dev/null || require_free_port "${INST_PORTS[$i]}" "${INST_NAMES[$i]}"
  done
  if ! ingress_pid >/dev/null; then
    require_free_port "$INGRESS_PORT" "the nginx ingress"
    for i in $(internal_ports); do require_free_port "$i" "the ingress's internal listeners"; done
  fi
}

# internal_ports: the ingress's internal listeners (one per service, only with replicas).
internal_ports() {
  local p
  (( SUITE_REPLICAS > 1 )) || return 0
  for p in "${SVC_PORTS[@]}"; do internal_port "$p"; done
}

# service_instances_alive: names of every live instance of the services, whatever the replica
# count of this `up` (a pid file run/<service>[-r].pid whose process is alive).
service_instances_alive() {
  local f name
  for f in "$RUN_DIR"/*.pid; do
    [[ -e $f ]] || continue
    name=$(basename "$f" .pid)
    service_of "$name" >/dev/null || continue
    component_pid "$name" >/dev/null && printf '%s\n' "$name"
  done
  return 0
}

# tail_log NAME [LINES]
tail_log() {
  local log=$LOG_DIR/$1.log
  printf -- '----- last %s lines of %s -----\n' "${2:-40}" "$log" >&2
  tail -n "${2:-40}" "$log" >&2 2>/dev/null || true
  printf -- '-----\n' >&2
}

# pgid_of PID: its process group id (fields after "(comm) " are: state ppid pgrp ...).
pgid_of() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  local _state _ppid pgrp _rest
  read -r _state _ppid pgrp _rest <<<"$stat"
  printf '%s
' "$pgrp"
}

# How many components `down` stopped (stop_pids and stop_ingress count them).
STOPPED=0

# stop_pids NAME=PID...: SIGTERM each (its whole process group when it leads one, which
# spawn arranges with setsid), wait up to STOP_TIMEOUT s, then SIGKILL what is left.
# Prints what it stopped.
stop_pids() {
  local spec name pid
  local -a names=() pids=() leaders=()
  for spec in "$@"; do
    name=${spec%%=*} pid=${spec#*=}
    names+=("$name") pids+=("$pid")
    if [[ $(pgid_of "$pid" || true) == "$pid" ]]; then
      leaders+=(1)
      kill -TERM -- "-$pid" 2>/dev/null || true
    else
      leaders+=(0)
      kill -TERM "$pid" 2>/dev/null || true
    fi
  done
  local deadline=$((SECONDS + STOP_TIMEOUT)) i alive
  while :; do
    alive=0
    for i in "${!pids[@]}"; do
      proc_alive "${pids[$i]}" && alive=1
    done
    (( alive && SECONDS < deadline )) || break
    sleep 0.3
  done
  for i in "${!pids[@]}"; do
    pid=${pids[$i]}
    if proc_alive "$pid"; then
      warn "${names[$i]} (pid $pid) ignored SIGTERM for ${STOP_TIMEOUT}s; killing it"
      if (( leaders[i] )); then kill -KILL -- "-$pid" 2>/dev/null || true; fi
      kill -KILL "$pid" 2>/dev/null || true
      echo "stopped ${names[$i]} (pid $pid, killed)"
    else
      echo "stopped ${names[$i]} (pid $pid)"
    fi
    STOPPED=$((STOPPED + 1))
    # Children of a group leader that outlived it (they keep its group id).
    if (( leaders[i] )); then pkill -KILL -g "$pid" 2>/dev/null || true; fi
  done
}

# stop_components NAME...: stop those JVMs (in parallel), forget their pid files.
stop_components() {
  local name pid
  local -a specs=()
  for name in "$@"; do
    if pid=$(component_pid "$name"); then specs+=("$name=$pid"); fi
    rm -f "$RUN_DIR/$name.pid"
  done
  (( ${#specs[@]} )) && stop_pids "${specs[@]}"
  return 0
}

# reap_ports: anything still listening on the suite's ports. Leftovers of this suite
# (their command line names this repo or SUITE_HOME) are killed; others are reported.
reap_ports() {
  local port owner cmd rc=0
  local -a ports internal
  mapfile -t internal < <(internal_ports)
  ports=("$INGRESS_PORT" "${INST_PORTS[@]}" ${internal[@]+"${internal[@]}"} "$SUITE_KAFKA_PORT"
         "$SUITE_S3_PORT" "$KEYCLOAK_PORT" "$KEYCLOAK_MGMT_PORT")
  for port in "${ports[@]}"; do
    port_listening "$port" || continue
    owner=$(port_owner "$port")
    cmd=''
    [[ -n $owner ]] && cmd=$(cmdline_of "$owner")
    if [[ -n $owner && ( $cmd == *"$REPO_DIR"* || $cmd == *"$SUITE_HOME"* ) ]]; then
      stop_pids "leftover on port $port=$owner"
    fi
    if port_listening "$port"; then
      warn "port $port is still in use${owner:+ by pid $owner ($(cut -c1-100 <<<"$cmd"))}"
      rc=1
    fi
  done
  return "$rc"
}
