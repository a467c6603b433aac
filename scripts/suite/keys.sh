# shellcheck shell=bash
#
# scripts/suite/keys.sh — keys and secrets, made once per suite home under $KEY_DIR: JWT key pairs,
# the operator token, S3 keys, database and Keycloak passwords, webhook keys. Sourced by ./suite.

# ensure_keys: one RSA key pair (PKCS#8 PEM) per service and the operator token, made once.
# Each service gets only its own private key (jwt/private/<service>.pem) and the directory of
# every service's public key (jwt/public/<service>.pem): it signs as itself and accepts only
# the issuers it expects (docs/architecture.md, Platform tokens).
ensure_keys() {
  local svc
  mkdir -p "$KEY_DIR/jwt/private" "$KEY_DIR/jwt/public"
  chmod 700 "$KEY_DIR" "$KEY_DIR/jwt/private"
  if [[ -e $KEY_DIR/private.pem || -e $KEY_DIR/public.pem ]]; then
    info "keys: removing the old shared key pair (every service now has its own)"
    rm -f "$KEY_DIR/private.pem" "$KEY_DIR/public.pem"
  fi
  for svc in "${SVC_NAMES[@]}"; do
    if [[ ! -s $KEY_DIR/jwt/private/$svc.pem ]]; then
      info "keys: generating an RSA 2048 key pair for $svc in $KEY_DIR/jwt"
      (umask 077; openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 \
         -out "$KEY_DIR/jwt/private/$svc.pem.tmp" 2>/dev/null)
      mv -f "$KEY_DIR/jwt/private/$svc.pem.tmp" "$KEY_DIR/jwt/private/$svc.pem"
      rm -f "$KEY_DIR/jwt/public/$svc.pem"
    fi
    if [[ ! -s $KEY_DIR/jwt/public/$svc.pem ]]; then
      openssl pkey -in "$KEY_DIR/jwt/private/$svc.pem" -pubout -out "$KEY_DIR/jwt/public/$svc.pem" 2>/dev/null
    fi
  done
  # Services outside the dev and test profiles refuse operator tokens under 32 characters.
  if [[ ! -s $KEY_DIR/operator-token || $(wc -c <"$KEY_DIR/operator-token") -lt 33 ]]; then
    (umask 077; openssl rand -hex 32 >"$KEY_DIR/operator-token")
  fi
  # shellcheck disable=SC2034  # read by the services, the demo seeding and the summary
  OPERATOR_TOKEN=$(<"$KEY_DIR/operator-token")
  ensure_webhook_keys
  ensure_local_secrets
}

# ensure_local_secrets: the S3 keys of the dev-stack and one password per database role, made
# once (random: deployed services refuse to start with guessable credentials), then loaded.
ensure_local_secrets() {
  local role
  [[ -s $KEY_DIR/s3-access-key ]] || (umask 077; printf 'local%s\n' "$(openssl rand -hex 8)" >"$KEY_DIR/s3-access-key")
  [[ -s $KEY_DIR/s3-secret-key ]] || (umask 077; openssl rand -hex 24 >"$KEY_DIR/s3-secret-key")
  for role in "${DB_ROLES[@]}"; do
    [[ -s $KEY_DIR/db-password-$role ]] || (umask 077; openssl rand -hex 24 >"$KEY_DIR/db-password-$role")
  done
  # Keycloak's bootstrap admin (master realm) and the secret of members-service's client.
  [[ -s $KEY_DIR/keycloak-admin-password ]] || (umask 077; openssl rand -hex 20 >"$KEY_DIR/keycloak-admin-password")
  [[ -s $KEY_DIR/keycloak-members-service-secret ]] \
    || (umask 077; openssl rand -hex 32 >"$KEY_DIR/keycloak-members-service-secret")
  load_local_secrets
}

# load_local_secrets: S3_ACCESS_KEY and S3_SECRET_KEY from the key directory (empty before the
# first `up`). Both are read by the dev-stack, the services, env and the summary:
# shellcheck disable=SC2034
load_local_secrets() {
  S3_ACCESS_KEY=''
  S3_SECRET_KEY=''
  [[ -s $KEY_DIR/s3-access-key ]] && S3_ACCESS_KEY=$(<"$KEY_DIR/s3-access-key")
  [[ -s $KEY_DIR/s3-secret-key ]] && S3_SECRET_KEY=$(<"$KEY_DIR/s3-secret-key")
  return 0
}

# db_password ROLE: the role's generated password.
db_password() {
  cat "$KEY_DIR/db-password-$1"
}

# ensure_webhook_keys: webhook-dispatcher's key for signing secrets at rest (AES-256, base64)
# and a local CA (EC P-256, 10 years) it trusts, so a developer can serve a receiver over HTTPS
# with a certificate issued from it (README, Webhooks). Made once, kept like the other keys.
ensure_webhook_keys() {
  if [[ ! -s $KEY_DIR/webhooks-secret-key ]]; then
    (umask 077; openssl rand -base64 32 >"$KEY_DIR/webhooks-secret-key")
  fi
  if [[ ! -s $KEY_DIR/webhook-ca.pem || ! -s $KEY_DIR/webhook-ca.key ]]; then
    info "keys: creating the local webhook CA in $KEY_DIR (webhook-ca.pem, webhook-ca.key)"
    (umask 077; openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
       -keyout "$KEY_DIR/webhook-ca.key.tmp" -out "$KEY_DIR/webhook-ca.pem.tmp" -days 3650 \
       -subj "/CN=Course Platform local webhook CA" \
       -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null)
    mv -f "$KEY_DIR/webhook-ca.key.tmp" "$KEY_DIR/webhook-ca.key"
    mv -f "$KEY_DIR/webhook-ca.pem.tmp" "$KEY_DIR/webhook-ca.pem"
  fi
}
