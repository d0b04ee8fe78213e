#!/usr/bin/env bash
# `npm test`: every test file, in timed stages, each stage's time printed at the end.
#   the build, with typecheck and lint beside it;
#   end-to-end in Chromium once the build is there, beside the unit and integration stages, on
#     PostgreSQL when DATABASE_URL is set, else on the embedded database (the public pages' script
#     and layout-shift budgets among them, tests/e2e/page-budgets.spec.ts);
#   integration: with DATABASE_URL set, every file on that PostgreSQL server, then on PGlite the
#     files about PGlite, the scheduler, a restart and a smoke set (both-databases.ts), and with
#     REDIS_URL the scale-out test once the browsers and the PostgreSQL stage end, beside the
#     failover proof through HAProxy when haproxy is on the PATH; without DATABASE_URL, every file on
#     PGlite.
# A failed stage fails the run at the end; the later stages still run, so one run shows every
# failure. `.ci/run` starts the services on a bare machine and calls this through `npm test`.
set -uo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
timings=()
failed=0
logs=$(mktemp -d)
# Every runner's reporter writes each test's time here (tests/timings/record-timing.ts).
export TEST_TIMINGS_DIR=$logs/timings
mkdir -p "$TEST_TIMINGS_DIR"

report() {
  echo
  echo "Stage times:"
  for line in "${timings[@]}"; do echo "  $line"; done
  echo "Slowest tests:"
  cat "$TEST_TIMINGS_DIR"/*.tsv 2>/dev/null | sort -t$'\t' -k1,1nr | head -10 | awk -F'\t' '{ printf "  %6.1f s  %-20s %s\n", $1 / 1000, $2, $3 }'
  echo "Tests finished in $((SECONDS - started)) s (exit $failed)"
  rm -rf "$logs"
}
trap report EXIT
# The machine's speed beside the stage times, for comparing runs on different machines.
node scripts/machine-speed.mjs

stage() {
  local name=$1 since=$SECONDS
  shift
  echo "=== $name"
  if "$@"; then
    timings+=("$name: $((SECONDS - since)) s")
  else
    timings+=("$name: $((SECONDS - since)) s, FAILED")
    failed=1
  fi
}

# Background stages write to a log each, shown when the stage is awaited. With AFTER set (names,
# comma-separated), a stage starts once each of them has written its `.done` file.
background() {
  local name=$1 after=${AFTER:-} stage
  shift
  (
    IFS=,
    for stage in $after; do
      until [[ -e "$logs/$stage.done" ]]; do sleep 1; done
    done
    since=$SECONDS
    "$@" >"$logs/$name.log" 2>&1 && rc=0 || rc=$?
    echo "$rc $((SECONDS - since))" >"$logs/$name.done"
  ) &
  echo $! >"$logs/$name.pid"
}
collect() {
  local name=$1 rc took
  wait "$(cat "$logs/$name.pid")" || true
  read -r rc took <"$logs/$name.done"
  echo "=== $name (ran in the background)"
  cat "$logs/$name.log"
  if ((rc)); then
    timings+=("$name: $took s (in the background), FAILED")
    failed=1
  else
    timings+=("$name: $took s (in the background)")
  fi
}

# The build first, with typecheck and lint beside it, so the browser tests (the longest stage) start
# as soon as it is there; the unit tests run beside them. Redocly's lint of the OpenAPI document runs
# in api-docs.integration.test.ts, on the app that file already runs (a process of its own building
# the app again cost ~12 CPU-s of a CPU-bound run; decision 038).
background checks bash -c 'npm run typecheck && npm run lint'
stage "build" npm run build

# The e2e server starts on a fresh database of its own: with DATABASE_URL set, one on that
# PostgreSQL server (E2E_POSTGRES_URL, tests/e2e/start-server.ts), the database production runs
# on, else the embedded one. On PostgreSQL 24 tests took 166 s instead of 183 s, the server 34 s of
# CPU and PostgreSQL 12 s where the server with PGlite inside took 60 s (docs/decisions/038); its
# first run there found a race in the directory's cache. `npm run test:e2e` alone runs the product
# as `npm start` does. The build above is what it serves.
# The browsers share the CPU with the stages beside them as the kernel shares it between sessions
# (each browser leads one): a session nice of 5 or 10 for them left the Vitest stages more but
# starved a browser past a wait in 4 of 7 runs, where fairly shared none of 5 needed a retry and the
# run took as long (decision 038, 'Stop 42'). The live stream through Janus (live-janus.spec.ts)
# runs two nodes of its own on that PostgreSQL server and on REDIS_URL (E2E_REDIS_URL).
e2e() { env -u DATABASE_URL -u REDIS_URL E2E_POSTGRES_URL="${DATABASE_URL:-}" E2E_REDIS_URL="${REDIS_URL:-}" npx playwright test; }

# The browser tests need only the build: they start once it is there, beside the unit and the
# integration stages (stop 38: they had become the longest stage, and waited 36 s for the unit
# tests to end). On this stop's machine (stop 34) the suite kept one core busy for its 428 s while the
# other idled: the run took 676 s in turn (unit 37, PostgreSQL 88, scale-out 11, PGlite 87, e2e
# 428). On the slower machines of stops 31-32 both cores were busy either way and side by side
# lost (1,591 s against ~1,400 in turn; docs/decisions/038), so this is measured again whenever the
# machine changes. Stop 35: two browser workers (playwright.config.ts) make the PostgreSQL stage the
# long pole (287-350 s beside them, 517-607 s a run). The scale-out test runs after the browsers: two app instances on a
# 1.5 s billing minute are the most sensitive to a busy machine. It needs Redis as well: two app
# processes share its counts.
background "end-to-end" e2e
stage "unit" npm run test:unit
collect checks
if [[ -n "${DATABASE_URL:-}" ]]; then
  # The failover proof (scripts/failover.ts): 50 readings through HAProxy on two node processes,
  # a rolling restart and a SIGKILL, each goal checked; and the scale-out test. They start once the
  # browsers and the PostgreSQL stage have ended, beside the PGlite set: the two wait more than they
  # compute (~0.8 and ~1.2 cores), and after everything else they ran 46-62 s with a core idle (stop
  # 59). The PGlite set runs at nice 5, so they get the CPU they ask for: beside it at an equal nice
  # all three took 79-84 s with the rolling restart's reconnect p99 at 2.87-3.26 s of its 5 s goal
  # (3.76 s in a fresh clone's run), at nice 5 67-73 s with 2.19-2.60 s (stop 60). The PostgreSQL
  # stage keeps nice 0: it runs beside the browsers, and at nice 5 (below the e2e server and the
  # Playwright runner of this session) it took 0.83-0.90 of the browsers' time against 0.72-0.78 and
  # became the run's end.
  # Since stop 69 the failover proof runs last, alone (the scale-out test keeps the place above): on
  # that stop's PVM guest, beside the PGlite set at nice 5, its rolling restart measured a reconnect
  # p99 of 5.19 s with the scale-out test beside it as well, and 6.13 s without it, against its 5 s
  # goal, in two fresh clones (2.90-4.65 s in the four runs before there). Its goal is wall time, so
  # it gets a machine with nothing else on it.
  tail_stages=()
  tail_stage() {
    tail_stages+=("$1")
    AFTER=${AFTER:-end-to-end,postgresql} background "$@"
  }
  if [[ -n "${REDIS_URL:-}" ]]; then
    tail_stage "scale-out on PostgreSQL and Redis" npx vitest run --project scale-out
    if command -v haproxy >/dev/null; then
      AFTER="end-to-end,postgresql,pglite,scale-out on PostgreSQL and Redis" \
        tail_stage "failover through HAProxy" npm run test:failover
    fi
  fi
  stage "integration on PostgreSQL (every file)" npx vitest run --project integration
  touch "$logs/postgresql.done"
  stage "integration on PGlite (both-databases.ts)" nice -n 5 npm run test:pglite
  touch "$logs/pglite.done"
  collect "end-to-end"
  for name in "${tail_stages[@]}"; do collect "$name"; done
else
  stage "integration on PGlite (every file)" npm run test:integration
  collect "end-to-end"
fi
exit "$failed"
