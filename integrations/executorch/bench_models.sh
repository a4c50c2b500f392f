#!/usr/bin/env bash
# ExecuTorch's runtime on its own kernels against the same runtime on etk's kernels: every
# committed model with test vectors, one thread, the outputs checked first, then N timed calls
# each (median). Prints a markdown table, then the raw lines.
#   integrations/executorch/bench_models.sh [ITERS] [ROUNDS]
# ROUNDS alternates the two libraries that many times per model and keeps each one's best
# median (the machine is shared). Builds the release runner first (build.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
iters="${1:-200}"
rounds="${2:-3}"
RUNNER=$(integrations/executorch/build.sh | tail -n 1)
raw=$(mktemp)
median() { sed -n 's/^latency: median \([0-9.]*\) us.*/\1/p'; }
echo "| model | ExecuTorch kernels (µs) | etk kernels (µs) | ExecuTorch / etk |"
echo "| --- | ---: | ---: | ---: |"
for io in testing/models/*.io.safetensors; do
  name=$(basename "${io%.io.safetensors}")
  best_et="" best_etk=""
  for _ in $(seq "$rounds"); do
    for k in executorch etk; do
      out=$("$RUNNER" "testing/models/$name.pte" --io "$io" --iters "$iters" --kernels "$k" 2>&1) || true
      echo "$name $k: $(tail -n 1 <<<"$out")" >>"$raw"
      m=$(median <<<"$out")
      [ -n "$m" ] || continue
      if [ "$k" = executorch ]; then
        if [ -z "$best_et" ] || awk "BEGIN{exit !($m < $best_et)}"; then best_et=$m; fi
      else
        if [ -z "$best_etk" ] || awk "BEGIN{exit !($m < $best_etk)}"; then best_etk=$m; fi
      fi
    done
  done
  ratio="—"
  if [ -n "$best_et" ] && [ -n "$best_etk" ]; then ratio=$(awk "BEGIN{printf \"%.2f\", $best_et / $best_etk}"); fi
  echo "| $name | ${best_et:-fails} | ${best_etk:-fails} | $ratio |"
done
echo
echo '```'
cat "$raw"
echo '```'
rm -f "$raw"
