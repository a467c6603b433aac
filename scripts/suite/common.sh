# shellcheck shell=bash
#
# scripts/suite/common.sh — small helpers every part of ./suite uses: messages, quoting,
# processes and ports, HTTP. Sourced by ./suite.

# Progress and diagnostics go to stderr, so stdout stays clean for `env` and the summary.
info() { printf '==> %s\n' "$*" >&2; }

warn() { printf 'suite: warning: %s\n' "$*" >&2; }

die()  { printf 'suite: error: %s\n' "$*" >&2; exit 1; }

# sh_quote VALUE: VALUE in single quotes, safe for eval/source in any POSIX shell.
sh_quote() {
  local s=$1
  printf "'%s'" "${s//\'/\'\\\'\'}"
}

# is_uint VALUE
is_uint() { [[ $1 =~ ^[0-9]+$ ]]; }

# check_port_knob NAME VALUE
check_port_knob() {
  if ! is_uint "$2" || (( $2 < 1 || $2 > 65535 )); then
    die "$1 must be a TCP port number, got '$2'"
  fi
}

# proc_alive PID: the process exists and is not a zombie (PID 1 here may not reap).
proc_alive() {
  local pid=$1
  is_uint "$pid" || return 1
  [[ -r /proc/$pid/status ]] || return 1
  ! grep -q '^State:[[:space:]]*Z' "/proc/$pid/status" 2>/dev/null
}

# pid_from_file FILE MARKER: prints the pid in FILE when that process is alive and its
# command line contains MARKER (guards against a recycled pid); fails otherwise.
pid_from_file() {
  local file=$1 marker=$2 pid
  [[ -s $file ]] || return 1
  pid=$(tr -dc '0-9' <"$file")
  proc_alive "$pid" || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$marker" || return 1
  printf '%s\n' "$pid"
}

# port_listening PORT: something listens on TCP PORT (any address).
port_listening() {
  [[ -n $(ss -Hltn "( sport = :$1 )" 2>/dev/null) ]]
}

# port_owner PORT: pid of a process listening on PORT (empty when unknown).
port_owner() {
  ss -Hltnp "( sport = :$1 )" 2>/dev/null | grep -o 'pid=[0-9]*' | head -n1 | cut -d= -f2 || true
}

# cmdline_of PID: the process's command line, spaces for NULs.
cmdline_of() {
  tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null || true
}

# http_code URL [curl args...]: the HTTP status (000 when nothing answers).
http_code() {
  local url=$1; shift
  curl -s -o /dev/null -m 5 -w '%{http_code}' "$@" "$url" 2>/dev/null || true
}

# curl_auth AUTH_VALUE CURL_ARGS...: curl with an Authorization header that never shows
# up in `ps` (read from a file descriptor). Prints body, a newline and the status code.
curl_auth() {
  local auth=$1; shift
  curl -sS -m 30 -w '\n%{http_code}' -H @<(printf 'Authorization: %s\n' "$auth") "$@"
}

# env_name SERVICE: members-service -> MEMBERS_SERVICE
env_name() {
  local s=${1^^}
  printf '%s\n' "${s//-/_}"
}

# render_template FILE NAME...: FILE with each ${NAME} of the NAMEs replaced by the value of that
# variable, in one pass (a value is never searched again). Nothing else changes: a `$name` of
# nginx stays as it is. A ${...} in FILE that is not among the NAMEs is an error.
render_template() {
  local file=$1 text out='' name re='\$\{([A-Za-z_][A-Za-z0-9_]*)\}'
  shift
  text=$(<"$file") || die "cannot read $file"
  while [[ $text =~ $re ]]; do
    name=${BASH_REMATCH[1]}
    [[ " $* " == *" $name "* ]] || die "$file: \${$name} is not one of: $*"
    out+=${text%%"${BASH_REMATCH[0]}"*}${!name}
    text=${text#*"${BASH_REMATCH[0]}"}
  done
  printf '%s%s\n' "$out" "$text"
}
