#!/usr/bin/env bash
# Entry command of the Chronohook images (backend and dashboard): the one way the app starts in a container.
#
#   entrypoint.sh [run] [args...]   start the app: java with CHRONOHOOK_JAVA_OPTS (and JAVA_OPTS, for extra flags),
#                                   then -jar $CHRONOHOOK_APP_JAR from this script's folder, args passed on
#   entrypoint.sh health            exit 0 when the app answers 200 on CHRONOHOOK_HEALTH_PATH at 127.0.0.1:SERVER_PORT
#                                   (the image's HEALTHCHECK; plain bash, no curl in the image)
#
# The JVM is sized by the container's memory limit (the image sets -XX:MaxRAMPercentage), not by the host's.
set -euo pipefail

APP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

health() {
  local port="${SERVER_PORT:-8080}" path="${CHRONOHOOK_HEALTH_PATH:-/actuator/health/readiness}" status
  exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
  printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' "$path" >&3
  IFS= read -r -t 5 status <&3 || return 1
  exec 3<&-
  [[ "$status" =~ ^HTTP/1\.[01]\ 200 ]]
}

case "${1:-run}" in
  health)
    health ;;
  run|-*|"")
    if [[ "${1:-}" == run ]]; then shift; fi
    : "${CHRONOHOOK_APP_JAR:?CHRONOHOOK_APP_JAR names the jar to run}"
    # Word splitting of the two option variables is wanted: each holds several flags.
    # shellcheck disable=SC2086
    exec java ${CHRONOHOOK_JAVA_OPTS:-} ${JAVA_OPTS:-} -jar "$APP_DIR/$CHRONOHOOK_APP_JAR" "$@" ;;
  *)
    echo "usage: entrypoint.sh [run [args...] | health]" >&2
    exit 2 ;;
esac
