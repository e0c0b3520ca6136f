#!/usr/bin/env bash
# The MongoDB stand-in for tests: mongo-java-server (wire version 7) on 127.0.0.1:${MONGO_PORT:-27018}.
#   deploy/mongo/standin.sh start|stop
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
port="${MONGO_PORT:-27018}"
work="$root/.cache/mongo"
libs="$root/.cache/kafka/libs" # fetched by the same pom as the Kafka broker
answers() { (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; }
case "${1:-start}" in
  start)
    if answers; then echo "mongo stand-in: already answering on $port"; exit 0; fi
    if [ ! -f "$libs/.complete" ]; then KAFKA_PORT=0 "$root/deploy/kafka/broker.sh" fetch; fi
    mkdir -p "$work"
    nohup java -Xmx512m -cp "$libs/*" "$here/MongoStandIn.java" "$port" </dev/null >"$work/server.log" 2>&1 &
    echo $! >"$work/pid"
    for _ in $(seq 1 120); do if answers; then echo "mongo stand-in: answering on 127.0.0.1:$port"; exit 0; fi; sleep 0.5; done
    echo "mongo stand-in did not start; see $work/server.log" >&2; exit 1 ;;
  stop)
    [ -f "$work/pid" ] && kill "$(cat "$work/pid")" 2>/dev/null || true; rm -f "$work/pid" ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
