# shellcheck shell=bash
#
# scripts/suite/build.sh — the JDK, and the Maven build of the modules that changed since the last
# one (a stamp per module). Sourced by ./suite.

# java_major JAVA_BIN: the feature version (8, 17, 21, 25, ...) of that java.
java_major() {
  local v
  v=$("$1" -version 2>&1 | awk -F'"' '/version/ { print $2; exit }') || return 1
  [[ $v == 1.* ]] && v=${v#1.}
  v=${v%%[^0-9]*}
  [[ -n $v ]] && printf '%s\n' "$v"
}

# find_jdk: JAVA_HOME := $JAVA_HOME if >= 21, else the newest /usr/lib/jvm/* >= 21,
# else the `java` on PATH if >= 21; exported (./mvnw uses it) and put first on PATH.
find_jdk() {
  local v best='' best_v=0 d java_bin
  if [[ -n ${JAVA_HOME:-} && -x $JAVA_HOME/bin/java ]]; then
    v=$(java_major "$JAVA_HOME/bin/java" || echo 0)
    if (( v >= 21 )); then best=$JAVA_HOME best_v=$v; fi
  fi
  if [[ -z $best ]]; then
    for d in /usr/lib/jvm/*; do
      [[ -x $d/bin/java ]] || continue
      v=$(java_major "$d/bin/java" || echo 0)
      if (( v >= 21 && v > best_v )); then best=$(readlink -f "$d") best_v=$v; fi
    done
  fi
  if [[ -z $best ]] && java_bin=$(command -v java); then
    v=$(java_major "$java_bin" || echo 0)
    if (( v >= 21 )); then
      best=$(dirname "$(dirname "$(readlink -f "$java_bin")")") best_v=$v
    fi
  fi
  [[ -n $best ]] || die "no JDK >= 21 found (checked \$JAVA_HOME, /usr/lib/jvm/*, java on PATH).
  Install a JDK 21+ (e.g. Temurin 25) or point JAVA_HOME at one."
  export JAVA_HOME=$best
  export PATH=$JAVA_HOME/bin:$PATH
  JAVA_MAJOR=$best_v
}

# module_needs_build MODULE: its stamp is missing or a source, its pom or the root pom
# is newer than the stamp.
module_needs_build() {
  local m=$1 stamp=$1/target/.suite-built
  [[ -f $stamp ]] || return 0
  local paths=(pom.xml)
  [[ -e $m/pom.xml ]] && paths+=("$m/pom.xml")
  [[ -d $m/src ]] && paths+=("$m/src")
  [[ -n $(find "${paths[@]}" -newer "$stamp" -print -quit 2>/dev/null) ]]
}

# stamp_modules REFERENCE_FILE: mark every module built as of REFERENCE_FILE's mtime
# (taken before the build, so a file saved during the build still counts as changed).
stamp_modules() {
  local m
  for m in "${MODULES[@]}"; do
    [[ -d $m ]] || continue
    mkdir -p "$m/target"
    touch -r "$1" "$m/target/.suite-built"
  done
}

# build_changed: one Maven run for every module that changed (plus what they need and
# what needs them), unless SUITE_SKIP_BUILD=1.
build_changed() {
  local todo=() m
  for m in "${MODULES[@]}"; do
    if module_needs_build "$m"; then todo+=("$m"); fi
  done
  if (( ${#todo[@]} == 0 )); then
    info "build: nothing changed"
    return 0
  fi
  if [[ $SUITE_SKIP_BUILD == 1 ]]; then
    info "build: skipped (SUITE_SKIP_BUILD=1); changed: ${todo[*]}"
    return 0
  fi
  local list marker
  list=$(IFS=,; printf '%s' "${todo[*]}")
  marker=$(mktemp "$RUN_DIR/build-start.XXXXXX")
  info "build: ./mvnw -B -q install -DskipTests -pl $list -am -amd (JDK $JAVA_MAJOR; log: $LOG_DIR/build.log)"
  if ! ./mvnw -B -q install -DskipTests -pl "$list" -am -amd 9>&- 2>&1 | tee "$LOG_DIR/build.log" >&2; then
    rm -f "$marker"
    die "build failed (see above or $LOG_DIR/build.log)"
  fi
  stamp_modules "$marker"
  rm -f "$marker"
}

# check_artifacts: the jars `up` runs exist.
check_artifacts() {
  local missing=() svc
  [[ -f platform/dev-stack/target/dev-stack.jar ]] || missing+=(platform/dev-stack/target/dev-stack.jar)
  for svc in "${SVC_NAMES[@]}"; do
    [[ -f $svc/target/quarkus-app/quarkus-run.jar ]] || missing+=("$svc/target/quarkus-app/quarkus-run.jar")
  done
  (( ${#missing[@]} == 0 )) || die "not built: ${missing[*]}
  Run ./suite up without SUITE_SKIP_BUILD=1 (or ./mvnw install -DskipTests) first."
}
