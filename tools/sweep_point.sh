#!/usr/bin/env bash
# One point of a sweep (tools/sweep.sh): hcsim with the sweep's common
# arguments (DIR/args, one per line), the point's rate (or message file)
# and seed, its JSON report in DIR/points/. Run by the local job pool and by
# each task of the Slurm job array alike, so both give the same files.
#   tools/sweep_point.sh DIR X SEED     X: a rate, or f<k> for the k-th file of DIR/files
# Exit status: hcsim's (0 ok, 1 a check failed, 2 bad input); its stderr in DIR/points/X_sSEED.err.
set -uo pipefail
dir=$1 x=$2 seed=$3
mapfile -t args < "$dir/args"
if [[ $x == f* ]]; then
  point=(--file "$(sed -n "$(( ${x#f} + 1 ))p" "$dir/files")")
else
  point=(--rate "$x")
fi
out=$dir/points/${x}_s$seed
"$(cat "$dir/hcsim")" "${args[@]}" "${point[@]}" --seed "$seed" --quiet --json "$out.json" 2> "$out.err"
st=$?
echo $st > "$out.rc"
exit $st
