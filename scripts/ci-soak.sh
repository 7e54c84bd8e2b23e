#!/usr/bin/env bash
# CI under load: runs CI (`.ci/run`) on N fresh clones of the current HEAD, one after another,
# with CPU burners (stress-ng) running beside them the whole time, and reports each run's exit
# code, wall time, test count and the 1-minute load average (at its start, its peak, sampled every
# 10 s, and its mean). Exits non-zero if any run failed or took the time limit or more.
#
#   scripts/ci-soak.sh [N] [--burners B] [--limit-min M]
#       N runs (default 5), B stress-ng CPU workers beside them (default 2; 6 puts a 2-core
#       machine at a load of 8 or more, as a machine running other work sits), a run failing at
#       M minutes or more (default 25).
#
# Each clone sits in a directory of its own with a `shared` symlink beside it pointing at the real
# ../shared, so CI finds ../shared/data as on a fresh checkout. Logs (one per run, plus soak.log
# and the summary) stay in the soak directory printed at the start; the clones are removed.
# CI_SOAK_COMMAND replaces the command run in each clone (default `bash .ci/run`), e.g. to try
# the script itself with a stub.
set -euo pipefail

runs=5
burners=2
limit_min=25
while [ $# -gt 0 ]; do
  case "$1" in
    --burners) burners="${2:-}"; shift 2 ;;
    --limit-min) limit_min="${2:-}"; shift 2 ;;
    *) runs="$1"; shift ;;
  esac
done
command="${CI_SOAK_COMMAND:-bash .ci/run}"
[[ "$burners" =~ ^[0-9]+$ ]] || { echo "ci-soak: --burners takes a whole number, not '$burners'" >&2; exit 2; }
[[ "$limit_min" =~ ^[1-9][0-9]*$ ]] || { echo "ci-soak: --limit-min takes a positive whole number, not '$limit_min'" >&2; exit 2; }
limit_s=$((limit_min * 60))

root="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
shared="$(cd "$root/../shared" 2>/dev/null && pwd -P)" || { echo "ci-soak: no ../shared beside $root" >&2; exit 1; }
commit="$(git -C "$root" rev-parse HEAD)"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "ci-soak: N must be a positive whole number, not '$runs'" >&2; exit 2; }

if ! command -v stress-ng >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stress-ng >/dev/null
fi

soak="$(mktemp -d "${TMPDIR:-/tmp}/lantern-soak.XXXXXX")"
log="$soak/soak.log"
echo "ci-soak: $runs run(s) of '$command' on ${commit:0:7} beside $burners CPU burner(s), limit $limit_min min, logs in $soak" | tee "$log"

burner=""
sampler=""
stop_background() {
  # Only what this script started (stress-ng stops its workers on SIGTERM).
  for pid in $sampler $burner; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
}
trap stop_background EXIT
trap 'exit 130' INT TERM
if [ "$burners" -gt 0 ]; then
  stress-ng --cpu "$burners" --quiet &
  burner=$!
fi

rows=()
failed=0
for run in $(seq 1 "$runs"); do
  dir="$soak/run-$run"
  mkdir -p "$dir"
  ln -s "$shared" "$dir/shared"
  git clone --quiet --no-checkout "$root" "$dir/lantern"
  git -C "$dir/lantern" checkout --quiet --detach "$commit"

  started_at="$(date -u '+%Y-%m-%d %H:%M')"
  load="$(cut -d' ' -f1 /proc/loadavg)"
  loads="$soak/run-$run.loads"
  (while :; do cut -d' ' -f1 /proc/loadavg >>"$loads"; sleep 10; done) &
  sampler=$!
  start=$(date +%s)
  set +e
  (cd "$dir/lantern" && bash -c "$command") >"$soak/run-$run.log" 2>&1
  code=$?
  set -e
  wall=$(($(date +%s) - start))
  kill "$sampler" 2>/dev/null || true
  wait "$sampler" 2>/dev/null || true
  sampler=""
  peak="$(sort -g "$loads" | tail -n 1)"
  mean="$(awk '{ sum += $1 } END { if (NR) printf "%.1f", sum / NR }' "$loads")"
  tests="$(grep -aE '^[0-9]+ passed, [0-9]+ failed' "$soak/run-$run.log" | tail -n 1 || true)"
  rm -rf "$dir"

  verdict="ok"
  if [ "$code" -ne 0 ]; then verdict="failed"; failed=1; fi
  if [ "$wall" -ge "$limit_s" ]; then verdict="$verdict, ≥ $limit_min min"; failed=1; fi
  row="| $run | $started_at UTC | $load / $mean / $peak | $code | $((wall / 60)) min $((wall % 60)) s | ${tests:-no count} | $verdict |"
  rows+=("$row")
  echo "run $run: exit $code, ${wall} s, load start $load mean $mean peak $peak, ${tests:-no test count}, $verdict" | tee -a "$log"
done

{
  echo
  echo "Commit ${commit:0:7}, '$command', $burners stress-ng CPU burner(s) beside each run:"
  echo
  echo "| run | started | load, 1 min (start / mean / peak) | exit | wall time | tests | verdict |"
  echo "|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
} | tee -a "$log"

exit "$failed"
