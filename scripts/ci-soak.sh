#!/usr/bin/env bash
# CI under load: runs CI (`.ci/run`) on N fresh clones of the current HEAD, one after another,
# with two CPU burners (stress-ng) running beside them the whole time, and reports each run's exit
# code, wall time and test count. Exits non-zero if any run failed or took 12 minutes or more.
#
#   scripts/ci-soak.sh [N]        N runs (default 5)
#
# Each clone sits in a directory of its own with a `shared` symlink beside it pointing at the real
# ../shared, so CI finds ../shared/data as on a fresh checkout. Logs (one per run, plus soak.log
# and the summary) stay in the soak directory printed at the start; the clones are removed.
# CI_SOAK_COMMAND replaces the command run in each clone (default `bash .ci/run`), e.g. to try
# the script itself with a stub.
set -euo pipefail

runs="${1:-5}"
command="${CI_SOAK_COMMAND:-bash .ci/run}"
limit_s=$((12 * 60))

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
echo "ci-soak: $runs run(s) of '$command' on ${commit:0:7}, logs in $soak" | tee "$log"

burner=""
stop_burners() {
  # Only the burner this script started (stress-ng stops its workers on SIGTERM).
  if [ -n "$burner" ]; then
    kill "$burner" 2>/dev/null || true
    wait "$burner" 2>/dev/null || true
  fi
}
trap stop_burners EXIT
trap 'exit 130' INT TERM
stress-ng --cpu 2 --quiet &
burner=$!

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
  start=$(date +%s)
  set +e
  (cd "$dir/lantern" && bash -c "$command") >"$soak/run-$run.log" 2>&1
  code=$?
  set -e
  wall=$(($(date +%s) - start))
  tests="$(grep -aE '^[0-9]+ passed, [0-9]+ failed' "$soak/run-$run.log" | tail -n 1 || true)"
  rm -rf "$dir"

  verdict="ok"
  if [ "$code" -ne 0 ]; then verdict="failed"; failed=1; fi
  if [ "$wall" -ge "$limit_s" ]; then verdict="$verdict, ≥ 12 min"; failed=1; fi
  row="| $run | $started_at UTC | $load | $code | $((wall / 60)) min $((wall % 60)) s | ${tests:-no count} | $verdict |"
  rows+=("$row")
  echo "run $run: exit $code, ${wall} s, ${tests:-no test count}, $verdict" | tee -a "$log"
done

{
  echo
  echo "Commit ${commit:0:7}, '$command', two stress-ng CPU burners beside each run:"
  echo
  echo "| run | started | load (1 min) | exit | wall time | tests | verdict |"
  echo "|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
} | tee -a "$log"

exit "$failed"
