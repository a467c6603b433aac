# shellcheck shell=bash
#
# scripts/suite/tools.sh — the command-line tools the suite uses, installed with apt-get when
# missing and root can. Sourced by ./suite.

# ensure_tools: the command-line tools the suite itself uses, installed when root can.
ensure_tools() {
  local tool missing=()
  for tool in curl jq openssl unzip; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  (( ${#missing[@]} )) || return 0
  if (( EUID != 0 )) || ! command -v apt-get >/dev/null; then
    die "missing tools: ${missing[*]} (apt-get install ${missing[*]})"
  fi
  info "installing ${missing[*]}"
  { apt-get install -y -q "${missing[@]}" || { apt-get update -q && apt-get install -y -q "${missing[@]}"; }; } \
    >"$LOG_DIR/apt-tools.log" 2>&1 || die "apt-get install ${missing[*]} failed (see $LOG_DIR/apt-tools.log)"
}

# ensure_espeak: Debian's espeak-ng, the offline speech of course narration when no speech
# provider is configured (docs/translation-and-narration.md). Installed when missing and root;
# without it narration audio jobs fail with SPEECH_UNAVAILABLE and everything else works.
ensure_espeak() {
  command -v espeak-ng >/dev/null && return 0
  if (( EUID != 0 )) || ! command -v apt-get >/dev/null; then
    warn "espeak-ng is not installed: narration audio needs it or language.speech.base-url (apt-get install espeak-ng)"
    return 0
  fi
  info "installing espeak-ng (apt-get install -y espeak-ng)"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -q espeak-ng 9>&- >"$LOG_DIR/apt-espeak-ng.log" 2>&1; then
    apt-get update -q 9>&- >>"$LOG_DIR/apt-espeak-ng.log" 2>&1 || true
    apt-get install -y -q espeak-ng 9>&- >>"$LOG_DIR/apt-espeak-ng.log" 2>&1 \
      || warn "apt-get install espeak-ng failed (see $LOG_DIR/apt-espeak-ng.log)"
  fi
}
