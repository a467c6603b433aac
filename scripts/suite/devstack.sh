# shellcheck shell=bash
#
# scripts/suite/devstack.sh — the dev-stack (Kafka, S3 and the mail catcher in one JVM,
# platform/dev-stack). Sourced by ./suite.

start_devstack() {
  local pid
  if pid=$(component_pid dev-stack); then
    info "dev-stack: running (pid $pid)"
  else
    require_free_port "$SUITE_KAFKA_PORT" "Kafka of the dev-stack"
    require_free_port "$((SUITE_KAFKA_PORT + 1))" "the Kafka controller of the dev-stack"
    require_free_port "$SUITE_S3_PORT" "S3 of the dev-stack"
    require_free_port "$MAIL_SMTP_PORT" "the mail catcher's SMTP of the dev-stack"
    require_free_port "$MAIL_PORT" "the mail catcher of the dev-stack"
    mkdir -p "$DATA_DIR"
    info "dev-stack: starting (Kafka 127.0.0.1:$SUITE_KAFKA_PORT, S3 127.0.0.1:$SUITE_S3_PORT, mail SMTP 127.0.0.1:$MAIL_SMTP_PORT)"
    spawn dev-stack "$JAVA_HOME/bin/java" -Xmx512m \
      -cp "$REPO_DIR/platform/dev-stack/target/dev-stack.jar:$REPO_DIR/platform/dev-stack/target/lib/*" \
      org.courseplatform.devstack.DevStack \
      --kafka-port "$SUITE_KAFKA_PORT" --s3-port "$SUITE_S3_PORT" --data-dir "$DATA_DIR" \
      --s3-access-key "$S3_ACCESS_KEY" --s3-secret-key "$S3_SECRET_KEY" --bucket "$S3_BUCKET" \
      --smtp-port "$MAIL_SMTP_PORT" --mail-port "$MAIL_PORT"
  fi
  local deadline=$((SECONDS + DEVSTACK_READY_TIMEOUT))
  until port_listening "$SUITE_KAFKA_PORT" && port_listening "$SUITE_S3_PORT" && port_listening "$MAIL_PORT"; do
    if ! component_pid dev-stack >/dev/null; then
      tail_log dev-stack
      die "dev-stack exited during start-up (log: $LOG_DIR/dev-stack.log)"
    fi
    if (( SECONDS >= deadline )); then
      tail_log dev-stack
      die "dev-stack did not open ports $SUITE_KAFKA_PORT and $SUITE_S3_PORT within ${DEVSTACK_READY_TIMEOUT}s"
    fi
    sleep 0.5
  done
}
