# shellcheck shell=bash
#
# scripts/suite/keycloak.sh — Keycloak, the authorization server of /mcp (docs/keycloak.md): its
# distribution, start, readiness and the realm configuration that depends on this suite. Sourced
# by ./suite.

# ensure_keycloak: the distribution unpacked under $KEYCLOAK_DIR (once per version; the zip comes
# from Maven like every other artifact) and built with KEYCLOAK_BUILD_OPTS (again only when they
# change), so that every start is an optimized one.
ensure_keycloak() {
  local zip=$KEYCLOAK_DIR/keycloak-quarkus-dist-$KEYCLOAK_VERSION.zip stamp=$KEYCLOAK_HOME/.suite-build old
  mkdir -p "$KEYCLOAK_DIR"
  if [[ ! -x $KEYCLOAK_HOME/bin/kc.sh ]]; then
    if [[ ! -s $zip ]]; then
      info "keycloak: fetching org.keycloak:keycloak-quarkus-dist:$KEYCLOAK_VERSION:zip (Maven)"
      ./mvnw -N -B -q dependency:copy -Dartifact="org.keycloak:keycloak-quarkus-dist:$KEYCLOAK_VERSION:zip" \
        -Dtransitive=false -DoutputDirectory="$KEYCLOAK_DIR" 9>&- >&2 \
        || die "could not fetch the Keycloak $KEYCLOAK_VERSION distribution with Maven"
    fi
    info "keycloak: unpacking $KEYCLOAK_VERSION into $KEYCLOAK_DIR"
    rm -rf "$KEYCLOAK_HOME" "$KEYCLOAK_DIR/unpack"
    unzip -q "$zip" -d "$KEYCLOAK_DIR/unpack" || die "could not unpack $zip"
    mv "$KEYCLOAK_DIR/unpack/keycloak-$KEYCLOAK_VERSION" "$KEYCLOAK_HOME"
    rm -rf "$KEYCLOAK_DIR/unpack" "$zip"
    # Other versions unpacked earlier.
    for old in "$KEYCLOAK_DIR"/keycloak-*; do
      [[ -d $old && $old != "$KEYCLOAK_HOME" ]] && rm -rf "$old"
    done
  fi
  if [[ ! -f $stamp || $(<"$stamp") != "${KEYCLOAK_BUILD_OPTS[*]}" ]]; then
    info "keycloak: kc.sh build ${KEYCLOAK_BUILD_OPTS[*]} (once; log: $LOG_DIR/keycloak-build.log)"
    JAVA_OPTS=$KEYCLOAK_JAVA_OPTS "$KEYCLOAK_HOME/bin/kc.sh" build "${KEYCLOAK_BUILD_OPTS[@]}" 9>&- \
      >"$LOG_DIR/keycloak-build.log" 2>&1 || { tail_log keycloak-build; die "kc.sh build failed"; }
    printf '%s' "${KEYCLOAK_BUILD_OPTS[*]}" >"$stamp"
  fi
}

# start_keycloak: start it unless running; the realm file is imported at its first start
# (Keycloak skips a realm that exists), configure_keycloak_realm keeps it in step afterwards.
start_keycloak() {
  local pid
  if pid=$(component_pid keycloak); then
    info "keycloak: running (pid $pid)"
    return 0
  fi
  require_free_port "$KEYCLOAK_PORT" "Keycloak"
  require_free_port "$KEYCLOAK_MGMT_PORT" "Keycloak's management interface"
  mkdir -p "$KEYCLOAK_HOME/data/import"
  cp "$REPO_DIR/$KEYCLOAK_REALM_FILE" "$KEYCLOAK_HOME/data/import/$KEYCLOAK_REALM-realm.json"
  info "keycloak: starting on $KEYCLOAK_URL (management 127.0.0.1:$KEYCLOAK_MGMT_PORT)"
  spawn keycloak env \
    "JAVA_OPTS=$KEYCLOAK_JAVA_OPTS" \
    "KC_DB_URL=jdbc:postgresql://$PG_HOST:$PG_PORT/$SUITE_DB" \
    "KC_DB_USERNAME=$KEYCLOAK_ROLE" \
    "KC_DB_PASSWORD=$(db_password "$KEYCLOAK_ROLE")" \
    "KC_DB_SCHEMA=$KEYCLOAK_ROLE" \
    "KC_BOOTSTRAP_ADMIN_USERNAME=$KEYCLOAK_ADMIN_USER" \
    "KC_BOOTSTRAP_ADMIN_PASSWORD=$(<"$KEY_DIR/keycloak-admin-password")" \
    "MCP_RESOURCE=$MCP_RESOURCE" \
    "MEMBERS_SERVICE_CLIENT_SECRET=$(<"$KEY_DIR/keycloak-members-service-secret")" \
    "$KEYCLOAK_HOME/bin/kc.sh" start --optimized --import-realm \
    --http-enabled=true --http-host=127.0.0.1 --http-port="$KEYCLOAK_PORT" \
    --http-management-port="$KEYCLOAK_MGMT_PORT" --hostname="$KEYCLOAK_URL" \
    --log-level=INFO,io.smallrye.health:WARN
}

# keycloak_health: "ready" or "not ready (HTTP n)" from the management interface.
keycloak_health() {
  local code
  code=$(http_code "http://127.0.0.1:$KEYCLOAK_MGMT_PORT/health/ready")
  if [[ $code == 200 ]]; then echo ready; else echo "not ready (HTTP $code)"; fi
}

wait_keycloak_ready() {
  local deadline=$((SECONDS + KEYCLOAK_READY_TIMEOUT)) started=$SECONDS
  until [[ $(keycloak_health) == ready ]]; do
    if ! component_pid keycloak >/dev/null; then
      tail_log keycloak
      die "keycloak exited during start-up (log: $LOG_DIR/keycloak.log)"
    fi
    if (( SECONDS >= deadline )); then
      tail_log keycloak
      die "keycloak not ready after ${KEYCLOAK_READY_TIMEOUT}s (log: $LOG_DIR/keycloak.log)"
    fi
    sleep 1
  done
  info "keycloak: ready ($((SECONDS - started))s)"
}

# kc_admin METHOD PATH [curl args...]: the admin REST API as the bootstrap admin; sets RESP_CODE
# and RESP_BODY. The token comes from the master realm's admin-cli (fetched once per call site).
kc_admin() {
  local method=$1 path=$2 resp; shift 2
  resp=$(curl_auth "Bearer $KC_TOKEN" -X "$method" -H 'Content-Type: application/json' "$@" \
           "$KEYCLOAK_URL/admin/realms$path") || resp=$'\n000'
  RESP_CODE=${resp##*$'\n'}
  RESP_BODY=${resp%$'\n'*}
}

# configure_keycloak_realm: idempotent. The realm exists (imported from the file, or created
# from it now), and the values that depend on this suite match it: the audience of the `mcp`
# scope (BASE_URL/mcp), the secret of the members-service client, password reset by email
# through the mail catcher, and offline sessions bounded (realms imported by older suites too).
configure_keycloak_realm() {
  local resp secret scope_id mapper client_id realm_json
  resp=$(curl -sS -m 30 --data-urlencode "username=$KEYCLOAK_ADMIN_USER" \
           --data-urlencode "password@"<(printf '%s' "$(<"$KEY_DIR/keycloak-admin-password")") \
           -d grant_type=password -d client_id=admin-cli "$KEYCLOAK_URL/realms/master/protocol/openid-connect/token") \
    || die "keycloak: the admin token request failed"
  KC_TOKEN=$(jq -r '.access_token // empty' <<<"$resp")
  [[ -n $KC_TOKEN ]] || die "keycloak: no admin token for '$KEYCLOAK_ADMIN_USER': Keycloak keeps the admin made at its first start in database $SUITE_DB, and the password in $KEY_DIR/keycloak-admin-password is not that admin's (the database was first used by another suite home, or the keys were replaced). Run './suite reset' to drop database $SUITE_DB and start afresh, or 'SUITE_DB=<name> ./suite up' to use another database"
  secret=$(<"$KEY_DIR/keycloak-members-service-secret")

  kc_admin GET "/$KEYCLOAK_REALM"
  if [[ $RESP_CODE == 404 ]]; then
    info "keycloak: realm $KEYCLOAK_REALM missing; creating it from $KEYCLOAK_REALM_FILE"
    realm_json=$(sed -e "s|\${MCP_RESOURCE}|$MCP_RESOURCE|g" -e "s|\${MEMBERS_SERVICE_CLIENT_SECRET}|$secret|g" \
                   "$REPO_DIR/$KEYCLOAK_REALM_FILE")
    kc_admin POST "" --data-binary @<(printf '%s' "$realm_json")
    [[ $RESP_CODE == 201 ]] || die "keycloak: creating realm $KEYCLOAK_REALM answered HTTP $RESP_CODE: $RESP_BODY"
  elif [[ $RESP_CODE != 200 ]]; then
    die "keycloak: reading realm $KEYCLOAK_REALM answered HTTP $RESP_CODE: $RESP_BODY"
  fi

  # The audience mapper of scope mcp.
  kc_admin GET "/$KEYCLOAK_REALM/client-scopes"
  scope_id=$(jq -r '.[] | select(.name == "mcp") | .id' <<<"$RESP_BODY")
  [[ -n $scope_id ]] || die "keycloak: realm $KEYCLOAK_REALM has no client scope mcp"
  mapper=$(jq -c '.[] | select(.name == "mcp") | .protocolMappers[] | select(.protocolMapper == "oidc-audience-mapper")' <<<"$RESP_BODY")
  [[ -n $mapper ]] || die "keycloak: client scope mcp has no audience mapper"
  if [[ $(jq -r '.config["included.custom.audience"]' <<<"$mapper") != "$MCP_RESOURCE" ]]; then
    info "keycloak: audience of scope mcp := $MCP_RESOURCE"
    kc_admin PUT "/$KEYCLOAK_REALM/client-scopes/$scope_id/protocol-mappers/models/$(jq -r .id <<<"$mapper")" \
      --data-binary @<(jq -c --arg a "$MCP_RESOURCE" '.config["included.custom.audience"] = $a' <<<"$mapper")
    [[ $RESP_CODE == 204 ]] || die "keycloak: updating the audience mapper answered HTTP $RESP_CODE: $RESP_BODY"
  fi

  # The members-service client's secret.
  kc_admin GET "/$KEYCLOAK_REALM/clients?clientId=members-service"
  client_id=$(jq -r '.[0].id // empty' <<<"$RESP_BODY")
  [[ -n $client_id ]] || die "keycloak: realm $KEYCLOAK_REALM has no client members-service"
  kc_admin GET "/$KEYCLOAK_REALM/clients/$client_id/client-secret"
  if [[ $(jq -r '.value // empty' <<<"$RESP_BODY") != "$secret" ]]; then
    info "keycloak: setting the secret of client members-service"
    kc_admin PUT "/$KEYCLOAK_REALM/clients/$client_id" \
      --data-binary @<(jq -nc --arg s "$secret" '{clientId: "members-service", secret: $s}')
    [[ $RESP_CODE == 204 ]] || die "keycloak: updating client members-service answered HTTP $RESP_CODE: $RESP_BODY"
  fi
  # Members set their own password through "Forgot password?": the link goes to their email, here
  # the dev-stack's mail catcher. Refresh tokens for offline use are bounded, and registered
  # clients are no longer offered the scope.
  kc_admin GET "/$KEYCLOAK_REALM"
  if [[ $(jq -r '[.resetPasswordAllowed, .smtpServer.port // "", .offlineSessionMaxLifespanEnabled] | map(tostring) | join(" ")' <<<"$RESP_BODY") \
        != "true $MAIL_SMTP_PORT true" ]]; then
    info "keycloak: password reset by email through the mail catcher (SMTP 127.0.0.1:$MAIL_SMTP_PORT)"
    kc_admin PUT "/$KEYCLOAK_REALM" --data-binary @<(jq -nc --arg port "$MAIL_SMTP_PORT" '{
        resetPasswordAllowed: true,
        offlineSessionMaxLifespanEnabled: true, offlineSessionMaxLifespan: 2592000,
        smtpServer: {host: "127.0.0.1", port: $port, from: "no-reply@course-platform.localhost",
                     fromDisplayName: "Course Platform", auth: "false", ssl: "false", starttls: "false"}}')
    [[ $RESP_CODE == 204 ]] || die "keycloak: updating realm $KEYCLOAK_REALM answered HTTP $RESP_CODE: $RESP_BODY"
  fi
  kc_admin GET "/$KEYCLOAK_REALM/default-optional-client-scopes"
  scope_id=$(jq -r '.[] | select(.name == "offline_access") | .id' <<<"$RESP_BODY")
  if [[ -n $scope_id ]]; then
    info "keycloak: registered clients are no longer offered offline_access"
    kc_admin DELETE "/$KEYCLOAK_REALM/default-optional-client-scopes/$scope_id"
    [[ $RESP_CODE == 204 ]] || die "keycloak: removing offline_access answered HTTP $RESP_CODE: $RESP_BODY"
  fi
  # Only the link members-service has Keycloak mail (execute-actions) may mark an email verified:
  # a "verify email" mail that whoever knows a workspace's password could trigger stays off.
  kc_admin GET "/$KEYCLOAK_REALM/authentication/required-actions/VERIFY_EMAIL"
  if [[ $RESP_CODE == 200 && $(jq -r '.enabled' <<<"$RESP_BODY") == true ]]; then
    info "keycloak: the Verify Email required action is off"
    kc_admin PUT "/$KEYCLOAK_REALM/authentication/required-actions/VERIFY_EMAIL" \
      --data-binary @<(jq -c '.enabled = false | .defaultAction = false' <<<"$RESP_BODY")
    [[ $RESP_CODE == 204 ]] || die "keycloak: turning Verify Email off answered HTTP $RESP_CODE: $RESP_BODY"
  fi
  # members-service's service account deletes registered clients nobody uses (realms imported
  # before it could lack the roles).
  local sa_id rm_id roles
  kc_admin GET "/$KEYCLOAK_REALM/clients/$client_id/service-account-user"
  sa_id=$(jq -r '.id // empty' <<<"$RESP_BODY")
  kc_admin GET "/$KEYCLOAK_REALM/clients?clientId=realm-management"
  rm_id=$(jq -r '.[0].id // empty' <<<"$RESP_BODY")
  [[ -n $sa_id && -n $rm_id ]] || die "keycloak: no service account of members-service or no realm-management client"
  kc_admin GET "/$KEYCLOAK_REALM/users/$sa_id/role-mappings/clients/$rm_id"
  if [[ $(jq -r '[.[].name] | (index("manage-clients") != null and index("view-clients") != null)' <<<"$RESP_BODY") != true ]]; then
    info "keycloak: members-service may manage clients (deletes registered clients nobody uses)"
    kc_admin GET "/$KEYCLOAK_REALM/clients/$rm_id/roles"
    roles=$(jq -c '[.[] | select(.name == "manage-clients" or .name == "view-clients" or .name == "query-clients")]' <<<"$RESP_BODY")
    kc_admin POST "/$KEYCLOAK_REALM/users/$sa_id/role-mappings/clients/$rm_id" --data-binary @<(printf '%s' "$roles")
    [[ $RESP_CODE == 204 ]] || die "keycloak: granting client roles answered HTTP $RESP_CODE: $RESP_BODY"
  fi
  info "keycloak: realm $KEYCLOAK_REALM configured (issuer $KEYCLOAK_ISSUER, audience $MCP_RESOURCE)"
}

# keycloak_realm_state: "ready" when the realm answers its discovery document.
keycloak_realm_state() {
  local code
  code=$(http_code "$KEYCLOAK_ISSUER/.well-known/openid-configuration")
  if [[ $code == 200 ]]; then echo ready; else echo "realm $KEYCLOAK_REALM missing (HTTP $code)"; fi
}
