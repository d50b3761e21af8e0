#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the store's PostgreSQL tests, on a loopback port, in a directory of its own.
#
#   scripts/postgres-test-cluster.sh start DIR [PORT]   # prints: export FCGEN_TEST_POSTGRES_URL=postgres://…
#   scripts/postgres-test-cluster.sh stop DIR
#
# The cluster trusts the superuser `fcgen` on 127.0.0.1 (no password) and has a second role, `fcgen_password`
# (password `fcgen-test-password`), that must authenticate with SCRAM: the tests use it to check that a wrong
# password is refused with a message that never contains the password. Durability is off (fsync, full-page
# writes): the cluster lives for one test run. Run as root, the cluster runs as the `postgres` user (initdb refuses
# root) and DIR is handed to it; run as anyone else, it runs as that user.
#
# Needs Debian's `postgresql` package (binaries under /usr/lib/postgresql/*/bin) or initdb and pg_ctl on PATH.
set -euo pipefail

usage() {
    echo "usage: $0 start DIR [PORT] | stop DIR" >&2
    exit 64
}
[ $# -ge 2 ] || usage
command=$1
dir=$2
port=${3:-54329}

bindir=""
if ! command -v pg_ctl >/dev/null 2>&1; then
    bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -z "$bindir" ]; then
        echo "postgres-test-cluster: PostgreSQL is not installed (apt-get install -y postgresql)" >&2
        exit 69
    fi
    bindir="$bindir/"
fi

# Runs a PostgreSQL binary as the cluster's owner.
as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

case "$command" in
start)
    if [ -e "$dir/PG_VERSION" ]; then
        echo "postgres-test-cluster: $dir already holds a cluster; stop it and remove the directory first" >&2
        exit 73
    fi
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
        # The postgres user must reach DIR through its parent (mktemp -d makes that 0700).
        chmod o+x "$(dirname "$dir")"
        chown postgres: "$dir"
    fi
    chmod 700 "$dir"
    as_owner "${bindir}initdb" -D "$dir" -A trust -U fcgen --encoding=UTF8 --locale=C.UTF-8 >"$dir.initdb.log" 2>&1 \
        || { cat "$dir.initdb.log" >&2; exit 70; }
    # Trust for the test superuser only; the password role must really authenticate.
    as_owner tee "$dir/pg_hba.conf" >/dev/null <<'EOF'
local all all trust
host all fcgen 127.0.0.1/32 trust
host all all 127.0.0.1/32 scram-sha-256
EOF
    as_owner "${bindir}pg_ctl" -D "$dir" -l "$dir/server.log" -w \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off \
-c synchronous_commit=off -c max_connections=200" \
        start >/dev/null || { cat "$dir/server.log" >&2; exit 70; }
    psql_owner() { as_owner "${bindir}psql" -h "$dir" -p "$port" -U fcgen -v ON_ERROR_STOP=1 -q "$@"; }
    psql_owner -d postgres -c "CREATE DATABASE fcgen"
    psql_owner -d postgres -c "CREATE ROLE fcgen_password LOGIN SUPERUSER PASSWORD 'fcgen-test-password'"
    # sslmode=disable: the cluster serves no TLS, and asking for it costs every store a TLS context of its own.
    echo "export FCGEN_TEST_POSTGRES_URL=postgres://fcgen@127.0.0.1:$port/fcgen?sslmode=disable"
    ;;
stop)
    if [ -e "$dir/postmaster.pid" ]; then
        as_owner "${bindir}pg_ctl" -D "$dir" -m immediate -w stop >/dev/null
    fi
    ;;
*) usage ;;
esac
