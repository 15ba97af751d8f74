#!/usr/bin/env bash
# The lab's verdicts must not depend on the machine: runs the whole `swift test` and the after
# variant's stress next to CPU hogs this script starts and stops itself, several times, and
# counts the runs that failed. A failure here is a false finding (or a real bug): the log of
# every failed step is kept.
#
#   RUNS        how many loaded runs (default 10)
#   ITERATIONS  after-variant stress iterations per run (default 300)
#   HOGS        busy-loop processes beside the tests (default: one per core)
#   SWIFT       the swift driver (default: swift)
set -uo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-10}
ITERATIONS=${ITERATIONS:-300}
HOGS=${HOGS:-$(getconf _NPROCESSORS_ONLN)}
SWIFT=${SWIFT:-swift}
LOGS=.build/test-under-load

usage() {
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  echo "Usage: [RUNS=N] [ITERATIONS=N] [HOGS=N] $0"
}
case "${1:-}" in
  -h | --help) usage; exit 0 ;;
  "") ;;
  *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
esac
for value in "$RUNS" "$ITERATIONS" "$HOGS"; do
  [[ "$value" =~ ^[0-9]+$ ]] || { echo "not a number: $value" >&2; usage >&2; exit 2; }
done

hogs=()
stop_hogs() {
  # Only the processes this script started, by their ids.
  for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${hogs[@]}"; do wait "$pid" 2>/dev/null; done
  hogs=()
}
trap stop_hogs EXIT
trap 'exit 130' INT TERM

# Build before the hogs start: the runs measure the verdicts, not the compiler.
echo "Building the tests and race-lab..."
"$SWIFT" build --build-tests >/dev/null || { echo "build failed" >&2; exit 1; }
"$SWIFT" build --product race-lab >/dev/null || { echo "build failed" >&2; exit 1; }
race_lab="$("$SWIFT" build --show-bin-path)/race-lab"
mkdir -p "$LOGS"

for _ in $(seq "$HOGS"); do
  bash -c 'while :; do :; done' &
  hogs+=($!)
done
echo "$HOGS CPU hogs running; $RUNS runs of swift test and $ITERATIONS after-variant stress iterations."

suite_failures=0
stress_failures=0
for run in $(seq "$RUNS"); do
  start=$SECONDS
  suite_log="$LOGS/run-$run-suite.log"
  if "$SWIFT" test --skip-build >"$suite_log" 2>&1; then
    suite="pass"; rm -f "$suite_log"
  else
    suite="FAIL"; suite_failures=$((suite_failures + 1))
  fi
  suite_seconds=$((SECONDS - start))

  start=$SECONDS
  stress_log="$LOGS/run-$run-stress.log"
  if "$race_lab" stress --variant after --iterations "$ITERATIONS" --time 3600 --quiet \
    >"$stress_log" 2>&1; then
    stress="pass"; rm -f "$stress_log"
  else
    stress="FAIL"; stress_failures=$((stress_failures + 1))
  fi
  stress_seconds=$((SECONDS - start))

  printf 'run %d/%d: swift test %s (%ds), stress %s (%ds)\n' \
    "$run" "$RUNS" "$suite" "$suite_seconds" "$stress" "$stress_seconds"
  [[ $suite == FAIL ]] && grep -E '^✘|recorded an issue|error:|Fatal' "$suite_log" | head -n 5 | sed 's/^/    /'
  [[ $stress == FAIL ]] && tail -n 5 "$stress_log" | sed 's/^/    /'
done

stop_hogs
failures=$((suite_failures + stress_failures))
echo "runs: $RUNS, failures: $failures (swift test: $suite_failures, stress: $stress_failures)"
[[ $failures -eq 0 ]] || { echo "logs of the failed steps: $LOGS/"; exit 1; }
