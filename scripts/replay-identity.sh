#!/usr/bin/env bash
# A schedule replays the same run every time, whatever the machine is doing: replays the schedule
# each catalog entry carries (`race-lab explore TARGET --schedule S`) RUNS times quietly and RUNS
# times beside CPU hogs this script starts and stops itself, and counts the outputs that equal
# the first. Every count must be RUNS of RUNS; the script exits 1 otherwise.
#
#   RUNS   replays per entry and per condition (default 100)
#   HOGS   busy-loop processes for the loaded condition (default: one per core)
#   SWIFT  the swift driver (default: swift)
set -uo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-100}
HOGS=${HOGS:-$(getconf _NPROCESSORS_ONLN)}
SWIFT=${SWIFT:-swift}

usage() {
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  echo "Usage: [RUNS=N] [HOGS=N] $0"
}
case "${1:-}" in
  -h | --help) usage; exit 0 ;;
  "") ;;
  *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
esac
for value in "$RUNS" "$HOGS"; do
  [[ "$value" =~ ^[0-9]+$ ]] || { echo "not a number: $value" >&2; usage >&2; exit 2; }
done

echo "Building race-lab..."
$SWIFT build --product race-lab >/dev/null || exit 2
BIN="$($SWIFT build --show-bin-path)/race-lab"
# The replay command of each explored entry, as docs/races.md gives it.
mapfile -t COMMANDS < <(grep -o 'race-lab explore [^`]*--schedule [^`]*' docs/races.md)
[ ${#COMMANDS[@]} -gt 0 ] || { echo "no explored schedule in docs/races.md" >&2; exit 2; }

hogs=()
start_hogs() { for _ in $(seq "$HOGS"); do (while :; do :; done) & hogs+=($!); done; }
stop_hogs() { for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null; done; hogs=(); }
trap stop_hogs EXIT

failed=0
for condition in quiet loaded; do
  [ "$condition" = loaded ] && start_hogs
  for command in "${COMMANDS[@]}"; do
    read -r -a words <<<"${command#race-lab }"
    first=$(NO_COLOR=1 "$BIN" "${words[@]}" 2>/dev/null | sha256sum)
    same=0
    for _ in $(seq "$RUNS"); do
      [ "$(NO_COLOR=1 "$BIN" "${words[@]}" 2>/dev/null | sha256sum)" = "$first" ] && same=$((same + 1))
    done
    printf '%-7s %3d of %d identical   %s\n' "$condition" "$same" "$RUNS" "$command"
    [ "$same" -eq "$RUNS" ] || failed=1
  done
  stop_hogs
done
exit $failed
