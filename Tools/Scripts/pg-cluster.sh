#!/usr/bin/env bash
# A throwaway PostgreSQL cluster in a folder of its own, for tests, the demo and the benchmarks.
#
#   pg-cluster.sh start DIR [--watch PID] [--durable]   prints the cluster's URL, postgres://strata@127.0.0.1:PORT/strata
#   pg-cluster.sh createdb DIR NAME                      prints the URL of a new, empty database NAME
#   pg-cluster.sh stop DIR                               stops the cluster and removes DIR
#   pg-cluster.sh sql URL STATEMENT                      runs one statement on a database of the cluster, prints its rows
#   pg-cluster.sh crash DIR                              kills the server with SIGKILL, as an OOM killer would
#   pg-cluster.sh restart DIR                            starts a crashed server again, on its port
#   pg-cluster.sh tls DIR SAN                            TLS only: a self-signed certificate naming SAN
#                                                        (such as DNS:localhost), hostssl lines; prints its file
#
# PostgreSQL refuses to run as root, and CI runs as root: then the cluster runs as Debian's
# `postgres` user (made by `apt-get install postgresql`, which `make setup` does) through runuser,
# in a folder that user owns. The server listens on a free loopback port and on a socket in DIR;
# the `strata` role is trusted (no password) because nothing but this machine can reach it.
# `--watch PID` stops and removes the cluster when process PID ends (a test run that crashed
# cannot leave a server behind). Without `--durable` the cluster skips fsync: tests check
# correctness, not what survives a power cut; the benchmarks pass `--durable`.
set -euo pipefail

die() { echo "pg-cluster: $*" >&2; exit 1; }

# The server and the watcher outlive this script: they must not inherit the caller's other
# descriptors. Foundation's Process, for one, keeps a socket in its child that it watches to
# learn of the exit; a server holding it would make the caller wait forever.
for fd in /proc/$$/fd/*; do
    fd=${fd##*/}
    [ "$fd" -gt 2 ] 2>/dev/null && [ "$fd" != 255 ] && eval "exec $fd>&-" 2>/dev/null
done

bindir() {
    local dir
    # Debian keeps the server's programs out of PATH; a PATH entry may be a symbolic link to them.
    if dir=$(dirname "$(readlink -f "$(command -v initdb 2>/dev/null)")" 2>/dev/null) && [ -x "$dir/psql" ]; then
        echo "$dir"; return
    fi
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -n "$dir" ] && [ -x "$dir/initdb" ] || die "PostgreSQL is not installed (no initdb); run make setup, or apt-get install postgresql"
    echo "$dir"
}

# Runs a command as the cluster's owner: ourselves, or `postgres` when we are root.
as_owner() {
    if [ "$(id -u)" = 0 ]; then
        id postgres >/dev/null 2>&1 || die "running as root needs the postgres user; run make setup (apt-get install postgresql)"
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

port_of() { cat "$1/port" 2>/dev/null || die "no cluster in $1 (start it first)"; }

start() {
    local dir=$1; shift
    local watch="" durable=""
    while [ $# -gt 0 ]; do
        case $1 in
            --watch) watch=$2; shift 2 ;;
            --durable) durable=1; shift ;;
            *) die "unknown option $1" ;;
        esac
    done
    local bin; bin=$(bindir)
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
        chown postgres "$dir"
        as_owner test -x "$dir" \
            || die "the postgres user cannot reach $dir (a folder above it is private); put the cluster under /tmp"
    fi
    as_owner "$bin/initdb" -D "$dir/data" -U strata --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 \
        || die "initdb failed: $(tail -n 1 "$dir/initdb.log")"
    local settings="-c listen_addresses=127.0.0.1 -k $dir -c max_connections=200 -c shared_buffers=128MB"
    [ -z "$durable" ] && settings="$settings -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    # A free port: the kernel names one; a race with another program is retried.
    local attempt port
    for attempt in 1 2 3 4 5; do
        port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null \
            || echo $((20000 + RANDOM % 40000)))
        if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "-p $port $settings" -w -t 30 start >/dev/null 2>&1; then
            echo "$port" >"$dir/port"
            echo "-p $port $settings" >"$dir/options"
            "$bin/psql" -h 127.0.0.1 -p "$port" -U strata -d postgres -qAt -c "CREATE DATABASE strata" >/dev/null \
                || { stop "$dir"; die "the server started but did not answer on port $port"; }
            if [ -n "$watch" ]; then
                # Detached: it outlives this script and ends with the watched process.
                setsid nohup "$0" watch "$dir" "$watch" >/dev/null 2>&1 </dev/null &
            fi
            echo "postgres://strata@127.0.0.1:$port/strata"
            return
        fi
    done
    die "the server did not start: $(tail -n 1 "$dir/server.log" 2>/dev/null)"
}

createdb() {
    local dir=$1 name=$2 port; port=$(port_of "$dir")
    "$(bindir)/psql" -h 127.0.0.1 -p "$port" -U strata -d postgres -qAt -c "CREATE DATABASE \"$name\"" >/dev/null \
        || die "could not create database $name"
    echo "postgres://strata@127.0.0.1:$port/$name"
}

sql() {
    "$(bindir)/psql" "$1" -qAt -v ON_ERROR_STOP=1 -c "$2" || die "the statement failed on $1"
}

crash() {
    local dir=$1 pid
    pid=$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null) || die "no server runs in $dir"
    kill -KILL "$pid"
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
}

# Its backends notice the postmaster is gone and exit; until they have, the new server waits for
# the old shared memory (pg_ctl -w -t 30).
restart() {
    local dir=$1
    [ -f "$dir/options" ] || die "no cluster in $dir (start it first)"
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "$(cat "$dir/options")" -w -t 30 start >/dev/null 2>&1 \
        || die "the server did not start again: $(tail -n 1 "$dir/server.log" 2>/dev/null)"
}

# Turns on TLS with a fresh self-signed certificate and makes every TCP login need it (hostssl),
# as a server on a network one does not trust is set up. The socket stays trusted, for `sql`.
tls() {
    local dir=$1 san=$2 port; port=$(port_of "$dir")
    command -v openssl >/dev/null || die "openssl is not installed; run make setup, or apt-get install openssl"
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=strata test server" -addext "subjectAltName=$san" \
        -keyout "$dir/server.key" -out "$dir/server.crt" >"$dir/openssl.log" 2>&1 \
        || die "openssl could not make a certificate: $(tail -n 1 "$dir/openssl.log")"
    chmod 600 "$dir/server.key"
    [ "$(id -u)" = 0 ] && chown postgres "$dir/server.key" "$dir/server.crt"
    sed -i 's/^host /hostssl /' "$dir/data/pg_hba.conf"
    "$(bindir)/psql" -h "$dir" -p "$port" -U strata -d postgres -qAt -v ON_ERROR_STOP=1 \
        -c "ALTER SYSTEM SET ssl_cert_file = '$dir/server.crt'" -c "ALTER SYSTEM SET ssl_key_file = '$dir/server.key'" \
        -c "ALTER SYSTEM SET ssl = on" -c "SELECT pg_reload_conf()" >/dev/null || die "the server did not take TLS"
    echo "$dir/server.crt"
}

stop() {
    local dir=$1
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
}

watch() {
    local dir=$1 pid=$2
    while kill -0 "$pid" 2>/dev/null && [ -d "$dir" ]; do sleep 1; done
    stop "$dir"
}

command=${1:-}; shift || true
case $command in
    start) [ $# -ge 1 ] || die "usage: pg-cluster.sh start DIR [--watch PID] [--durable]"; start "$@" ;;
    createdb) [ $# -eq 2 ] || die "usage: pg-cluster.sh createdb DIR NAME"; createdb "$@" ;;
    stop) [ $# -eq 1 ] || die "usage: pg-cluster.sh stop DIR"; stop "$1" ;;
    sql) [ $# -eq 2 ] || die "usage: pg-cluster.sh sql URL STATEMENT"; sql "$@" ;;
    crash) [ $# -eq 1 ] || die "usage: pg-cluster.sh crash DIR"; crash "$1" ;;
    restart) [ $# -eq 1 ] || die "usage: pg-cluster.sh restart DIR"; restart "$1" ;;
    tls) [ $# -eq 2 ] || die "usage: pg-cluster.sh tls DIR SAN"; tls "$@" ;;
    watch) watch "$@" ;;
    *) die "usage: pg-cluster.sh start|createdb|stop|crash|restart|tls DIR …" ;;
esac
