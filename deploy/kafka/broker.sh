#!/usr/bin/env bash
# A real single-node Apache Kafka broker (KRaft, broker + controller in one process) from the official
# jars on Maven Central, for tests and local runs without Docker.
#   deploy/kafka/broker.sh start|stop|status|fetch      (KAFKA_PORT defaults to 19092)
#   KAFKA_WORK_DIR (its data, log and pid; .cache/kafka) and KAFKA_LIBS (the jars; $KAFKA_WORK_DIR/libs) make a second broker
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
port="${KAFKA_PORT:-19092}"
controller_port=$((port + 1))
work="${KAFKA_WORK_DIR:-$root/.cache/kafka}"
libs="${KAFKA_LIBS:-$work/libs}"
pidfile="$work/broker.pid"

fetch_jars() {
  if [ ! -f "$libs/.complete" ]; then
    echo "kafka: fetching the broker jars with Maven"
    mkdir -p "$libs"
    mvn -q -B -f "$here/pom.xml" dependency:copy-dependencies -DoutputDirectory="$libs" -DincludeScope=runtime
    touch "$libs/.complete"
  fi
}

answers() { (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; }

start() {
  if answers; then echo "kafka: already answering on 127.0.0.1:$port"; return; fi
  fetch_jars
  mkdir -p "$work/data"
  cat > "$work/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$work/data
num.partitions=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=true
log.retention.hours=-1
PROPS
  if [ ! -f "$work/data/meta.properties" ]; then
    java -cp "$libs/*" kafka.tools.StorageTool format -t "$(java -cp "$libs/*" kafka.tools.StorageTool random-uuid)" -c "$work/server.properties" >"$work/format.log" 2>&1
  fi
  nohup java -Xms256m -Xmx768m -XX:+UseG1GC -cp "$libs/*" kafka.Kafka "$work/server.properties" </dev/null >"$work/broker.log" 2>&1 &
  echo $! >"$pidfile"
  for _ in $(seq 1 120); do
    # a broker that could not bind its ports exits: say so at once instead of waiting a minute
    if ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then break; fi
    if answers; then echo "kafka: broker answering on 127.0.0.1:$port"; return; fi
    sleep 0.5
  done
  echo "kafka: broker did not start; see $work/broker.log" >&2
  tail -20 "$work/broker.log" >&2
  exit 1
}

stop() {
  if [ -f "$pidfile" ]; then
    kill "$(cat "$pidfile")" 2>/dev/null || true
    for _ in $(seq 1 60); do answers || break; sleep 0.5; done
    rm -f "$pidfile"
  fi
}

case "${1:-start}" in
  fetch) fetch_jars ;;
  start) start ;;
  stop) stop ;;
  status) if answers; then echo "kafka: up on $port"; else echo "kafka: down"; exit 1; fi ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
