# shellcheck shell=bash
#
# scripts/suite/ingress.sh — the nginx ingress: nginx.conf rendered from the templates in
# scripts/suite/nginx/ with the services of deploy/services.tsv and the routes of
# deploy/routes.tsv; start, reload and stop. Sourced by ./suite.

# The policy of every API answer (services set it themselves; nginx on its own answers).
API_CSP="default-src 'none'; frame-ancestors 'none'"

nginx_bin() {
  command -v nginx 2>/dev/null || { [[ -x /usr/sbin/nginx ]] && echo /usr/sbin/nginx; } || return 1
}

# ensure_nginx: NGINX := the nginx binary, installing it when missing and root.
ensure_nginx() {
  if ! NGINX=$(nginx_bin); then
    if (( EUID != 0 )) || ! command -v apt-get >/dev/null; then
      die "nginx is not installed (apt-get install nginx)"
    fi
    info "installing nginx (apt-get install -y nginx)"
    export DEBIAN_FRONTEND=noninteractive
    if ! apt-get install -y -q nginx 9>&- >"$LOG_DIR/apt-nginx.log" 2>&1; then
      apt-get update -q 9>&- >>"$LOG_DIR/apt-nginx.log" 2>&1 || true
      apt-get install -y -q nginx 9>&- >>"$LOG_DIR/apt-nginx.log" 2>&1 \
        || die "apt-get install nginx failed (see $LOG_DIR/apt-nginx.log)"
    fi
    NGINX=$(nginx_bin) || die "nginx not found after installing it"
  fi
  nginx_args
}

# nginx_args: NGINX_ARGS := prefix and config of our nginx; plus -e (nginx >= 1.19.5) so
# that even messages before the config is read go to $SUITE_HOME, not /var/log/nginx.
nginx_args() {
  NGINX_E_ARGS=()
  if "$NGINX" -h 2>&1 | grep -q -- '-e filename'; then NGINX_E_ARGS=(-e "$NGINX_DIR/error.log"); fi
  NGINX_ARGS=(-p "$NGINX_DIR/" -c "$NGINX_CONF" "${NGINX_E_ARGS[@]}")
}

# The ingress's own 503 (no replica answered), in the error shape.
INGRESS_UNAVAILABLE_JSON='{"message":"Service unavailable","error":{"code":"UNAVAILABLE","status":503}}'

# ngx_str VALUE: VALUE as a double-quoted nginx string.
ngx_str() {
  local s=${1//\\/\\\\}
  printf '"%s"' "${s//\"/\\\"}"
}

# generate_nginx_conf: print nginx.conf for the local ingress: nginx/nginx.conf.template with one
# upstream (nginx/upstream.conf.template) per service of deploy/services.tsv listing its replicas
# (with more than one, also an internal listener per service: nginx/internal.conf.template), and in each of
# its two servers the shared part (nginx/server-common.conf.template) and the locations of the
# deploy/routes.tsv rows of that server's scopes. Its upper-case variables are the templates'
# placeholders (read by render_template):
# shellcheck disable=SC2034
generate_nginx_conf() {
  local templates=$SUITE_LIB/nginx i r SERVICE SERVERS INTERNAL_PORT INTERNAL_SERVERS=''
  local USER_DIRECTIVE='' NGINX_DIR_ESCAPED UPSTREAMS='' SERVER_COMMON API_ROUTES CONTENT_ROUTES
  if (( EUID == 0 )); then USER_DIRECTIVE='user root;'; fi
  NGINX_DIR_ESCAPED=$(ngx_str "$NGINX_DIR")
  NGINX_DIR_ESCAPED=${NGINX_DIR_ESCAPED:1:-1}     # the path inside the quotes of the template
  for i in "${!SVC_NAMES[@]}"; do
    SERVICE=${SVC_NAMES[$i]} SERVERS=''
    # One server per replica. A replica that refused a connection or timed out is left alone
    # for 5 s (max_fails=1), then tried again: a killed replica costs one retry, not an error.
    for (( r = 1; r <= SUITE_REPLICAS; r++ )); do
      SERVERS+="        server 127.0.0.1:$(replica_port "${SVC_PORTS[$i]}" "$r") max_fails=1 fail_timeout=5s;"$'\n'
    done
    SERVERS=${SERVERS%$'\n'}
    UPSTREAMS+=$(render_template "$templates/upstream.conf.template" SERVICE SERVERS)$'\n' || exit
    if (( SUITE_REPLICAS > 1 )); then
      INTERNAL_PORT=$(internal_port "${SVC_PORTS[$i]}")
      INTERNAL_SERVERS+=$(render_template "$templates/internal.conf.template" SERVICE INTERNAL_PORT)$'\n' || exit
    fi
  done
  UPSTREAMS=${UPSTREAMS%$'\n'}
  INTERNAL_SERVERS=${INTERNAL_SERVERS%$'\n'}
  SERVER_COMMON=$(nginx_server_common) || exit
  API_ROUTES=$(nginx_routes all local) || exit
  CONTENT_ROUTES=$(nginx_routes content) || exit
  render_template "$templates/nginx.conf.template" USER_DIRECTIVE NGINX_DIR_ESCAPED UPSTREAMS \
    INTERNAL_SERVERS INGRESS_PORT SERVER_COMMON API_ROUTES SCORM_CONTENT_DOMAIN CONTENT_ROUTES
}

# nginx_server_common: what both servers share: proxying, nginx's own answers in the error shape
# (with the API's CSP), /internal never routed, and a JSON 404 for paths no route owns.
# Its variables are the template's placeholders (read by render_template):
# shellcheck disable=SC2034
nginx_server_common() {
  local JSON_ANSWER
  JSON_ANSWER=$(nginx_json_answer)
  local NOT_FOUND_JSON='{"message":"No service owns this path","error":{"code":"NOT_FOUND","status":404}}'
  local TOO_LARGE_JSON='{"message":"Request body too large","error":{"code":"PAYLOAD_TOO_LARGE","status":413}}'
  local UNAVAILABLE_JSON=$INGRESS_UNAVAILABLE_JSON
  local BAD_REQUEST_JSON='{"message":"The request is malformed","error":{"code":"BAD_REQUEST","status":400}}'
  local TIMEOUT_JSON='{"message":"The request was not received in time","error":{"code":"REQUEST_TIMEOUT","status":408}}'
  local NOT_ALLOWED_JSON='{"message":"Method not allowed","error":{"code":"METHOD_NOT_ALLOWED","status":405}}'
  local URI_TOO_LONG_JSON='{"message":"The request line is too long","error":{"code":"URI_TOO_LONG","status":414}}'
  local HEADERS_TOO_LARGE_JSON='{"message":"The request headers are too large","error":{"code":"HEADERS_TOO_LARGE","status":431}}'
  local INTERNAL_JSON='{"message":"The ingress failed to handle the request","error":{"code":"INTERNAL","status":500}}'
  render_template "$SUITE_LIB/nginx/server-common.conf.template" JSON_ANSWER BAD_REQUEST_JSON \
    NOT_FOUND_JSON NOT_ALLOWED_JSON TIMEOUT_JSON TOO_LARGE_JSON URI_TOO_LONG_JSON HEADERS_TOO_LARGE_JSON INTERNAL_JSON \
    UNAVAILABLE_JSON
}

# nginx_json_answer: the directives of an answer nginx writes itself (JSON, with the API's CSP).
nginx_json_answer() {
  printf '%s' "default_type application/json; add_header Content-Security-Policy $(ngx_str "$API_CSP") always;"
}

# nginx_routes SCOPE...: the locations of the deploy/routes.tsv rows with one of these scopes.
nginx_routes() {
  local kind path svc scope _rest loc wanted one resend=''
  cat <<EOF

        # ---- routes of deploy/routes.tsv with scope $* (plain prefixes: the longest wins,
        # ---- then a matching regex overrides it, exactly as routes.tsv describes) ----
EOF
  while IFS=$'\t' read -r kind path svc scope _rest || [[ -n $kind ]]; do
    kind=${kind%$'\r'} path=${path%$'\r'} svc=${svc%$'\r'} scope=${scope%$'\r'}
    [[ -z $kind || $kind == \#* ]] && continue
    if [[ $svc == "$REFERENCE_SERVICE" ]]; then
      [[ $kind == prefix && $path =~ ^/[A-Za-z0-9._~-]+$ ]] || die "routes.tsv: $svc serves files: a one-segment prefix, not '$path'"
      wanted=0
      for one in "$@"; do [[ $scope == "$one" ]] && wanted=1; done
      (( wanted )) && nginx_reference_location "$path"
      continue
    fi
    svc_port "$svc" >/dev/null || die "routes.tsv: unknown service '$svc' for $path"
    [[ $scope == all || $scope == local || $scope == content ]] || die "routes.tsv: bad scope '$scope' for $path"
    wanted=0
    for one in "$@"; do [[ $scope == "$one" ]] && wanted=1; done
    (( wanted )) || continue
    case $kind in
      prefix)
        [[ $path =~ ^/[A-Za-z0-9._~/-]*$ ]] || die "routes.tsv: bad prefix '$path'"
        [[ $path == /internal* ]] && die "routes.tsv: /internal paths are never routed ($path)"
        loc="location $path" ;;
      regex)
        [[ $path =~ [[:space:]\;\'] ]] && die "routes.tsv: regex must not contain spaces, ';' or quotes: $path"
        loc="location ~ $(ngx_str "$path")" ;;
      *) die "routes.tsv: unknown kind '$kind' (prefix | regex)" ;;
    esac
    printf '        %s {  # %s, scope %s\n' "$loc" "$svc" "$scope"
    printf '            proxy_pass http://%s;\n' "$svc"
    if [[ $svc != agent-gateway ]]; then
      # MCP's POSTs are not the REST layer's, which refuses a key it does not honour: no resend.
      nginx_error_pages "= @resend-$svc"
      [[ " $resend " == *" $svc "* ]] || resend+=" $svc"
    fi
    if [[ $svc == agent-gateway ]]; then
      # Streamable HTTP / SSE for MCP: no buffering, long-lived responses.
      printf '            proxy_buffering off;\n'
      printf '            proxy_cache off;\n'
      printf '            proxy_read_timeout 3600s;\n'
      printf '            proxy_send_timeout 3600s;\n'
    fi
    printf '        }\n'
  done <"$ROUTES_TSV"
  for svc in $resend; do
    cat <<EOF

        # A request to $svc whose replica failed after it was sent (502, 504). A POST or PATCH
        # with an Idempotency-Key goes once more (to the next replica: the failed one is marked
        # down); anything else is the ingress's 503, as everywhere.
        location @resend-$svc {
            if (\$suite_resend = 0) {
                add_header Content-Security-Policy $(ngx_str "$API_CSP") always;
                add_header Retry-After 5 always;
                return 503 '$INGRESS_UNAVAILABLE_JSON';
            }
            proxy_pass http://$svc;
        }
EOF
  done
}

# nginx_reference_location PATH: the location of a routes.tsv row of the API reference: the file or
# folder PATH of its static site (REFERENCE_SITE: openapi.json, openapi.yaml, docs/), served by nginx
# itself with the types of the site's files and a policy that lets the page run only its own scripts
# and reach only this origin. A site not built yet answers the JSON 404.
nginx_reference_location() {
  local csp="default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
  printf '        location %s {  # %s (static site), scope all\n' "$1" "$REFERENCE_SERVICE"
  printf '            alias %s;\n' "$(ngx_str "$REFERENCE_SITE$1")"
  printf '            index index.html;\n'
  printf '            absolute_redirect off;\n'
  printf '            types { text/html html; text/javascript js; text/css css; application/json json; application/yaml yaml; text/plain txt; }\n'
  printf '            default_type application/octet-stream;\n'
  printf '            charset utf-8;\n'
  printf '            charset_types text/css text/javascript application/json application/yaml text/plain;\n'
  printf '            add_header Content-Security-Policy %s always;\n' "$(ngx_str "$csp")"
  printf '            add_header X-Content-Type-Options nosniff always;\n'
  printf '            add_header Cache-Control "no-cache" always;\n'
  printf '            add_header Access-Control-Allow-Origin "*" always;\n'
  printf '        }\n'
}

# nginx_error_pages UPSTREAM_FAILED: the server's error_page directives, for a location that has
# one of its own (a location with any error_page inherits none), with 502 and 504 (the replica
# failed or timed out mid-request) sent to UPSTREAM_FAILED. recursive_error_pages: nginx decides
# in the location where the first error happened whether a second one may have an error page
# too, and the resend's own failure must still become the JSON 503.
nginx_error_pages() {
  printf '            recursive_error_pages on;\n'
  printf '            error_page 400 /__errors/400;\n'
  printf '            error_page 404 /__errors/404;\n'
  printf '            error_page 408 /__errors/408;\n'
  printf '            error_page 413 /__errors/413;\n'
  printf '            error_page 414 /__errors/414;\n'
  printf '            error_page 494 =431 /__errors/431;\n'
  printf '            error_page 500 501 505 =500 /__errors/500;\n'
  printf '            error_page 503 =503 /__errors/503;\n'
  printf '            error_page 502 504 %s;\n' "$1"
}

# write_nginx_conf: regenerate and validate the config; NGINX_CONF_CHANGED=1 when it differs.
write_nginx_conf() {
  mkdir -p "$NGINX_DIR"/temp/{client_body,proxy,fastcgi,uwsgi,scgi}
  local tmp=$NGINX_CONF.new out
  generate_nginx_conf >"$tmp"
  NGINX_CONF_CHANGED=0
  if ! cmp -s "$tmp" "$NGINX_CONF"; then
    NGINX_CONF_CHANGED=1
  fi
  if ! out=$("$NGINX" -t -q -p "$NGINX_DIR/" -c "$tmp" ${NGINX_E_ARGS[@]+"${NGINX_E_ARGS[@]}"} 2>&1); then
    printf '%s\n' "$out" >&2
    die "generated nginx config is invalid (kept as $tmp)"
  fi
  mv -f "$tmp" "$NGINX_CONF"
}

# start_ingress: start nginx, or reload it when its config changed.
start_ingress() {
  local pid
  if pid=$(ingress_pid); then
    if [[ $NGINX_CONF_CHANGED == 1 ]]; then
      info "ingress: config changed; reloading nginx (pid $pid)"
      "$NGINX" "${NGINX_ARGS[@]}" -s reload 9>&-
    else
      info "ingress: running (pid $pid)"
    fi
    return 0
  fi
  require_free_port "$INGRESS_PORT" "the nginx ingress"
  rm -f "$NGINX_PID"
  info "ingress: starting nginx on 127.0.0.1:$INGRESS_PORT"
  "$NGINX" "${NGINX_ARGS[@]}" 9>&- </dev/null || die "nginx did not start (see $NGINX_DIR/error.log)"
  local deadline=$((SECONDS + 10))
  until port_listening "$INGRESS_PORT" && ingress_pid >/dev/null; do
    (( SECONDS < deadline )) || die "nginx did not come up (see $NGINX_DIR/error.log)"
    sleep 0.2
  done
}

stop_ingress() {
  local pid
  pid=$(ingress_pid) || return 0
  NGINX=$(nginx_bin) || NGINX=''
  if [[ -n $NGINX ]]; then
    nginx_args
    "$NGINX" "${NGINX_ARGS[@]}" -s quit 2>/dev/null || kill -QUIT "$pid" 2>/dev/null || true
  else
    kill -QUIT "$pid" 2>/dev/null || true
  fi
  local deadline=$((SECONDS + 10))
  while proc_alive "$pid" && (( SECONDS < deadline )); do sleep 0.2; done
  if proc_alive "$pid"; then
    kill -TERM "$pid" 2>/dev/null || true
    sleep 1
    kill -KILL "$pid" 2>/dev/null || true
    pkill -KILL -P "$pid" 2>/dev/null || true   # its workers
  fi
  rm -f "$NGINX_PID"
  echo "stopped ingress (nginx pid $pid)"
  STOPPED=$((STOPPED + 1))
}
