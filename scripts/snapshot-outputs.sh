#!/usr/bin/env bash
# Writes the output of every command over every bundled input into DIR (stdout, stderr and exit code
# per run), so that a refactor can be checked byte-identical: run it before and after, then `diff -r`.
# Usage: bash scripts/snapshot-outputs.sh DIR    (after `npm run build`)
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="${1:?usage: snapshot-outputs.sh DIR}"
mkdir -p "$out"
# VARIORUM_BIN: another entry to run (default: the binary, bin/variorum.js).
v() { node "${VARIORUM_BIN:-bin/variorum.js}" "$@"; }
run() { # name, then the command's arguments
  local name="$1"; shift
  v "$@" >"$out/$name.out" 2>"$out/$name.err" </dev/null
  echo "$?" >"$out/$name.rc"
}
ids="sl-classic sqla-31 asl-a4 tide-of-iron chain-of-command sl-asl-portage asl-officer-bonus"
for id in $ids; do
  run "check-$id" check "$id"
  run "test-$id" test "$id"
  run "card-$id-md" card "$id" --format md
  run "card-$id-html" card "$id" --format html
done
run diff-sl-asl-md diff sl-classic asl-a4 --format md --scenarios scenarios
run diff-sl-asl-json diff sl-classic asl-a4 --format json --scenarios scenarios
run diff-sl-asl-text diff sl-classic asl-a4 --format text
run diff-sl-asl-html diff sl-classic asl-a4 --format html
run diff-sl-sqla-md diff sl-classic sqla-31 --format md
run diff-five-md diff sl-classic sqla-31 asl-a4 tide-of-iron chain-of-command --format md --scenarios scenarios
run diff-house-md diff sl-classic sl-asl-portage --format md
all=$(echo $ids | tr ' ' ',')
for s in scenarios/*.json; do
  b=$(basename "$s" .json)
  for id in $ids; do
    run "eval-$b-$id-json" eval "$id" "$s" --json
  done
  run "eval-$b-all-text" eval "$all" "$s"
done
for m in maps/*.json; do
  b=$(basename "$m" .json)
  run "reach-$b-sl-asl-json" reach sl-classic,asl-a4 "$m" --from B3 --format json
  run "reach-$b-sl-asl-text" reach sl-classic,asl-a4 "$m" --from C3 --format text
  run "reach-$b-sqla-svg" reach sqla-31 "$m" --from B2 --format svg
  run "reach-$b-toi-json" reach tide-of-iron "$m" --from B3 --unit '{"kind":"squad","action":"advance"}' --format json
done
# Several units (reach --all): every format, both sides.
for fmt in text json svg html; do
  run "reach-all-skirmish-$fmt" reach sl-classic,asl-a4,tide-of-iron maps/skirmish.json --all --format "$fmt"
done
run reach-all-skirmish-enemy-text reach sl-classic,asl-a4 maps/skirmish.json --all --side enemy
for f in test/fixtures/diagnostics/*.rules; do
  run "check-fixture-$(basename "$f" .rules)" check "$f"
done
for f in test/fixtures/scenarios/*.json; do
  [ -f "$f" ] && run "eval-fixture-$(basename "$f" .json)" eval sl-classic,asl-a4 "$f" --json
done
for f in test/fixtures/maps/*.json; do
  [ -f "$f" ] && run "reach-fixture-$(basename "$f" .json)" reach sl-classic,asl-a4 "$f" --from B2
done
echo "snapshot: $(ls "$out" | wc -l) files in $out"
