#!/usr/bin/env bash
# `make sweep`: a latency-throughput sweep of any traffic (docs/sweeps.md).
# Each point (a rate, or a message file, times SEEDS seeds) is one hcsim run
# (tools/sweep_point.sh), an independent job: locally JOBS run at a time, in
# order of rate, and the sweep stops after the first rate whose runs are
# unstable (more than half its seeds: hcsim's verdict, docs/hcsim.md
# "Statistics"), as BookSim stops past saturation; with CLUSTER=slurm every
# point is one task of a Slurm job array (sbatch --wait) and the gather keeps
# the same points, so both give the same CSV. Writes build/sweep/NAME/:
# sweep.csv (per point: seeds, means and 95% intervals across seeds,
# verdict), sweep.png, the points' JSON reports.
# Variables (from make): TRAFFIC RATES D W B I LEN CYCLES WARMUP SEED SEEDS
# MODE REMAP LCCS ROUTING HOT_NODE HOT_FRAC FILES SIM JOBS CLUSTER NAME STOP
# SBATCH_ARGS; HCSIM (the binary, from make). Bad input: one line, exit 2.
set -uo pipefail
cd "$(dirname "$0")/.."
die() { echo "sweep: $*" >&2; exit 2; }

TRAFFIC=${TRAFFIC:-uniform} SEEDS=${SEEDS:-3} SEED=${SEED:-1} SIM=${SIM:-model}
JOBS=${JOBS:-$(nproc)} CLUSTER=${CLUSTER:-local} STOP=${STOP:-1}
HCSIM=${HCSIM:-build/bin/hcsim}
[[ $SEEDS =~ ^[1-9][0-9]*$ ]] && [ "$SEEDS" -le 256 ] || die "SEEDS=$SEEDS is not a count 1..256"
[[ $SEED =~ ^[0-9]+$ ]] || die "SEED=$SEED is not an unsigned integer"
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || die "JOBS=$JOBS is not a count >= 1"
case $CLUSTER in local|slurm) ;; *) die "CLUSTER=$CLUSTER: local or slurm" ;; esac
case $STOP in 0|1) ;; *) die "STOP=$STOP: 1 stops after the first unstable rate, 0 runs every rate" ;; esac

# The x values: rates (lo:hi:step or a list), or the message files.
xs=()
if [ "$TRAFFIC" = file ]; then
  [ -n "${FILES:-}" ] || die "TRAFFIC=file sweeps message files: give FILES='a.txt b.txt ...' (one point each)"
  [ -z "${RATES:-}" ] || die "RATES does not apply to TRAFFIC=file (each file fixes its messages)"
  k=0; for f in $FILES; do [ -f "$f" ] || die "FILES: no file '$f'"; xs+=("f$k"); k=$((k + 1)); done
else
  [ -n "${RATES:-}" ] || die "give RATES=lo:hi:step (e.g. 0.02:0.2:0.02) or a list (0.05,0.1,0.2)"
  [ -z "${FILES:-}" ] || die "FILES is for TRAFFIC=file (got TRAFFIC=$TRAFFIC)"
  if [[ $RATES == *:* ]]; then
    IFS=: read -r lo hi step extra <<< "$RATES"
    num='^([0-9]+\.?[0-9]*|\.[0-9]+)$'
    [ -z "${extra:-}" ] && [[ $lo =~ $num ]] && [[ $hi =~ $num ]] && [[ $step =~ $num ]] ||
      die "RATES=$RATES: expected lo:hi:step, three decimal numbers"
    mapfile -t xs < <(awk -v lo="$lo" -v hi="$hi" -v st="$step" 'BEGIN {
      if (st <= 0 || lo > hi) exit 1
      for (k = 0; lo + k * st <= hi + 1e-9 && k < 1024; k++) printf "%.10g\n", lo + k * st }') ||
      die "RATES=$RATES: needs step > 0 and lo <= hi"
  else
    IFS=', ' read -r -a xs <<< "$RATES"
  fi
  [ ${#xs[@]} -ge 1 ] && [ ${#xs[@]} -le 1024 ] || die "RATES=$RATES gives ${#xs[@]} rates (1..1024)"
  for r in "${xs[@]}"; do [[ $r =~ ^([0-9]+\.?[0-9]*|\.[0-9]+)$ ]] || die "RATES: '$r' is not a decimal rate"; done
fi

# The common arguments; hcsim itself checks them (a trial run below).
args=(--sim "$SIM" --traffic "$TRAFFIC")
trial=("${args[@]}")
for v in D:d W:w B:buf I:inj LEN:len MODE:mode REMAP:remap LCCS:lccs ROUTING:routing HOT_NODE:hot-node \
         HOT_FRAC:hot-frac SAMPLE_PERIOD:sample-period CYCLES:cycles WARMUP:warmup DRAIN:drain; do
  val=${v%%:*}; val=${!val:-}
  [ -n "$val" ] || continue
  args+=("--${v#*:}" "$val")
  case ${v%%:*} in CYCLES|WARMUP|DRAIN|SAMPLE_PERIOD) ;; *) trial+=("--${v#*:}" "$val") ;; esac
done
[ "$TRAFFIC" = file ] && [ -n "${LEN:-}" ] && die "LEN does not apply to TRAFFIC=file"
name=${NAME:-${TRAFFIC}_d${D:-def}_${MODE:-wormhole}_${REMAP:-none}_$SIM}
[[ $name =~ ^[A-Za-z0-9._-]+$ ]] || die "NAME=$name: letters, digits, '.', '_' and '-' only"
dir=build/sweep/$name
rm -rf "$dir"; mkdir -p "$dir/points"
printf '%s\n' "${args[@]}" > "$dir/args"
echo "$(realpath "$HCSIM")" > "$dir/hcsim"
[ "$TRAFFIC" = file ] && for f in $FILES; do realpath "$f"; done > "$dir/files"
# A trial run of the first point, two cycles long, so that bad input stops
# the sweep at once with hcsim's own line.
# (A message file needs its own cycle count: its runs report bad input themselves.)
if [ "$TRAFFIC" != file ]; then
  "$HCSIM" "${trial[@]}" --rate "${xs[0]}" --cycles 2 --warmup 1 --drain 0 --quiet >/dev/null 2>"$dir/trial.err"
  [ $? = 2 ] && die "$(sed 's/^hcsim: //' "$dir/trial.err" | grep -v '^note:' | head -1)"
fi
for x in "${xs[@]}"; do for ((k = 0; k < SEEDS; k++)); do echo "$x $((SEED + k))"; done; done > "$dir/points.txt"
total=$(wc -l < "$dir/points.txt")
echo "sweep: $name: ${#xs[@]} points x $SEEDS seeds = $total runs ($CLUSTER), hcsim ${args[*]}" >&2

# The points' figures, one line each, for hc_sweep_agg.
row() { # x seed
  local j=$dir/points/$1_s$2.json
  jq -r --arg x "$1" --arg s "$2" '"\($x) \($s) \(.offered_window) \(.throughput) \(.packet_latency.mean // null)
    \(.network_latency.mean // null) \(.packet_latency.p99 // null) \(.verdict | gsub(" "; "_"))"' "$j" | tr '\n' ' '
  echo
}
failed=0
check_point() { # x seed: a run that failed a check is reported, not plotted silently
  local rc; rc=$(cat "$dir/points/$1_s$2.rc" 2>/dev/null || echo missing)
  if [ "$rc" != 0 ]; then
    echo "sweep: FAIL rate $1 seed $2: exit $rc: $(head -1 "$dir/points/$1_s$2.err" 2>/dev/null)" >&2
    failed=1
    return 1
  fi
}

# unst = the seeds of load $1 whose run was unstable (a failed run is
# reported and sets failed, not counted; in this shell, not a subshell).
unstable_seeds() {
  local k
  unst=0
  for ((k = 0; k < SEEDS; k++)); do
    check_point "$1" $((SEED + k)) || continue
    [ "$(jq -r .verdict "$dir/points/${1}_s$((SEED + k)).json")" = unstable ] && unst=$((unst + 1))
  done
}

# Local: batches of rates in order, all their seeds in parallel.
start=$(date +%s) done_runs=0
run_local() {
  local per=$(( JOBS / SEEDS )); [ $per -ge 1 ] || per=1
  local i=0
  while [ $i -lt ${#xs[@]} ]; do
    local batch=("${xs[@]:i:per}")
    for x in "${batch[@]}"; do grep "^$x " "$dir/points.txt"; done |
      xargs -P "$JOBS" -L 1 tools/sweep_point.sh "$dir" || true
    for x in "${batch[@]}"; do
      local unst; unstable_seeds "$x"
      done_runs=$((done_runs + SEEDS))
      local el=$(( $(date +%s) - start ))
      printf 'sweep: [%d/%d] %s: %s (%ds, about %ds left)\n' $done_runs "$total" "$x" \
        "$([ $((2 * unst)) -gt "$SEEDS" ] && echo unstable || row "$x" $SEED | awk '{ printf "latency %.1f (seed '$SEED')", $5 }')" \
        $el $(( el * (total - done_runs) / done_runs )) >&2
      if [ "$STOP" = 1 ] && [ $((2 * unst)) -gt "$SEEDS" ]; then
        [ "$x" != "${xs[-1]}" ] && echo "sweep: stopped past saturation: $x is unstable, higher rates not run (STOP=0 runs them)" >&2
        stop_at=$x
        return
      fi
    done
    i=$((i + per))
  done
}

# Slurm: one job array of every point; sbatch --wait returns when it ends.
run_slurm() {
  command -v sbatch >/dev/null || die "CLUSTER=slurm: no sbatch here (tools/slurm_local.sh starts a one-node Slurm)"
  mkdir -p "$dir/slurm"
  cat > "$dir/slurm/array.sh" <<SB
#!/usr/bin/env bash
#SBATCH --job-name=hcsweep-$name
#SBATCH --array=0-$((total - 1))
#SBATCH --cpus-per-task=1
#SBATCH --output=$(realpath "$dir")/slurm/%A_%a.out
cd $(pwd)
line=\$(sed -n "\$((SLURM_ARRAY_TASK_ID + 1))p" $dir/points.txt)
exec tools/sweep_point.sh $dir \$line
SB
  # shellcheck disable=SC2086
  sbatch --wait --parsable ${SBATCH_ARGS:-} "$dir/slurm/array.sh" > "$dir/slurm/job" 2> "$dir/slurm/sbatch.err" || true
  echo "sweep: Slurm job $(cat "$dir/slurm/job" 2>/dev/null) ended ($(( $(date +%s) - start ))s)" >&2
  for x in "${xs[@]}"; do
    local unst; unstable_seeds "$x"
    if [ "$STOP" = 1 ] && [ $((2 * unst)) -gt "$SEEDS" ]; then stop_at=$x; return; fi
  done
}

stop_at=""
if [ "$CLUSTER" = slurm ]; then run_slurm; else run_local; fi

# Gather: every point up to the first unstable one (the same rule both ways).
csv=$dir/sweep.csv
{
  for x in "${xs[@]}"; do
    for ((k = 0; k < SEEDS; k++)); do
      if [ "$(cat "$dir/points/${x}_s$((SEED + k)).rc" 2>/dev/null)" = 0 ]; then row "$x" $((SEED + k)); fi
    done
    if [ "$x" = "$stop_at" ]; then break; fi
  done
} | build/bin/hc_sweep_agg > "$csv.tmp" || die "gather failed (hc_sweep_agg)"
if [ "$TRAFFIC" = file ]; then
  { head -1 "$csv.tmp" | sed 's/^x,/file,/'
    tail -n +2 "$csv.tmp" | while IFS=, read -r x rest; do echo "$(sed -n "$(( ${x#f} + 1 ))p" "$dir/files"),$rest"; done
  } > "$csv"
else
  sed '1s/^x,/rate,/' "$csv.tmp" > "$csv"
fi
rm -f "$csv.tmp"
echo "sweep: $csv" >&2
tools/sweep_plot.sh "$csv" "$dir/sweep.png" "$name: $TRAFFIC, ${args[*]}" || true
[ $failed = 0 ]
