# shellcheck shell=bash
#
# scripts/suite/demo.sh — the demo workspace `up` seeds: a workspace with a live and a test API
# key, and a team and a student member. Sourced by ./suite.

# read_demo: WORKSPACE_ID, API_KEY, TEST_API_KEY from state/demo.env (parsed, not sourced).
read_demo() {
  WORKSPACE_ID='' API_KEY='' TEST_API_KEY=''
  [[ -f $DEMO_FILE ]] || return 1
  local k v
  while IFS='=' read -r k v; do
    v=${v#\'} v=${v%\'}
    case $k in
      WORKSPACE_ID) WORKSPACE_ID=$v ;;
      API_KEY) API_KEY=$v ;;
      TEST_API_KEY) TEST_API_KEY=$v ;;
    esac
  done <"$DEMO_FILE"
  [[ -n $WORKSPACE_ID && -n $API_KEY ]]
}

# admin_post PATH JSON: POST to members-service's operator API; sets RESP_CODE, RESP_BODY.
admin_post() {
  local members_port resp
  members_port=$(svc_port members-service) || die "no members-service in services.tsv"
  resp=$(curl_auth "Bearer $OPERATOR_TOKEN" -X POST -H 'Content-Type: application/json' \
           --data "$2" "http://127.0.0.1:$members_port$1") || resp=$'\n000'
  RESP_CODE=${resp##*$'\n'}
  RESP_BODY=${resp%$'\n'*}
}

# Two demo members with passwords (generated once per suite home, kept in keys/), so that
# signing in to Keycloak (an MCP client's OAuth flow) works right after `up`.
DEMO_TEAM_EMAIL=demo-team@example.com
DEMO_STUDENT_EMAIL=demo-student@example.com

# demo_password KIND: the generated password of the demo member of that kind (team | student).
demo_password() {
  local file=$KEY_DIR/demo-$1-password
  [[ -s $file ]] || (umask 077; openssl rand -hex 12 >"$file")
  cat "$file"
}

# seed_demo_members: the team and the student demo member of the demo workspace (idempotent:
# members-service answers the existing member for an email it knows).
seed_demo_members() {
  local kind email last resp code
  for kind in team student; do
    if [[ $kind == team ]]; then email=$DEMO_TEAM_EMAIL last=Author; else email=$DEMO_STUDENT_EMAIL last=Learner; fi
    resp=$(curl_auth "SERVICE:$WORKSPACE_ID:$API_KEY" -X POST -H 'Content-Type: application/json' \
             --data-binary @<(jq -nc --arg e "$email" --arg p "$(demo_password "$kind")" --arg t "$kind" --arg l "$last" \
                 '{email: $e, password: $p, userType: $t, firstname: "Demo", lastname: $l, active: true}') \
             "$BASE_URL/api/v1/members") || resp=$'\n000'
    code=${resp##*$'\n'}
    [[ $code == 200 || $code == 201 ]] || die "creating the demo $kind member answered HTTP $code: ${resp%$'\n'*}"
  done
  info "demo: members $DEMO_TEAM_EMAIL (team) and $DEMO_STUDENT_EMAIL (student)"
}

# seed_demo: reuse the saved demo workspace while its key works, else create one.
seed_demo() {
  if read_demo; then
    local resp code
    resp=$(curl_auth "SERVICE:$WORKSPACE_ID:$API_KEY" -o /dev/null "$BASE_URL/api/v1/members" || echo 000)
    code=${resp##*$'\n'}
    if [[ $code == 200 ]]; then
      info "demo: reusing workspace $WORKSPACE_ID"
      seed_demo_members
      return 0
    fi
    info "demo: saved workspace $WORKSPACE_ID does not answer 200 (HTTP $code); creating a new one"
  fi
  info "demo: creating the demo workspace"
  admin_post /admin/v1/workspaces \
    '{"name":"Demo workspace","plan":"enterprise","addons":["scorm_hosting"],"features":["scorm_export"],"userLimit":null}'
  [[ $RESP_CODE == 201 ]] || die "creating the demo workspace answered HTTP $RESP_CODE: $RESP_BODY"
  WORKSPACE_ID=$(jq -r '.id // empty' <<<"$RESP_BODY" 2>/dev/null || true)
  [[ -n $WORKSPACE_ID ]] || die "workspace response has no id: $RESP_BODY"

  admin_post "/admin/v1/workspaces/$WORKSPACE_ID/api-keys" '{"mode":"live","name":"Demo live key"}'
  [[ $RESP_CODE == 201 ]] || die "creating the live API key answered HTTP $RESP_CODE: $RESP_BODY"
  API_KEY=$(jq -r '.key // empty' <<<"$RESP_BODY" 2>/dev/null || true)
  admin_post "/admin/v1/workspaces/$WORKSPACE_ID/api-keys" '{"mode":"test","name":"Demo test key"}'
  [[ $RESP_CODE == 201 ]] || die "creating the test API key answered HTTP $RESP_CODE: $RESP_BODY"
  TEST_API_KEY=$(jq -r '.key // empty' <<<"$RESP_BODY" 2>/dev/null || true)
  [[ -n $API_KEY && -n $TEST_API_KEY ]] || die "API key response has no key: $RESP_BODY"

  (
    umask 077
    {
      printf 'WORKSPACE_ID=%s\n' "$(sh_quote "$WORKSPACE_ID")"
      printf 'API_KEY=%s\n' "$(sh_quote "$API_KEY")"
      printf 'TEST_API_KEY=%s\n' "$(sh_quote "$TEST_API_KEY")"
    } >"$DEMO_FILE.tmp"
  )
  chmod 600 "$DEMO_FILE.tmp"
  mv -f "$DEMO_FILE.tmp" "$DEMO_FILE"
  info "demo: workspace $WORKSPACE_ID with a live and a test API key"
  seed_demo_members
}
