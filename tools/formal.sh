#!/usr/bin/env bash
# The formal proofs of `make formal` (docs/verification.md): every job of
# tests/formal/jobs.txt is one property of one harness (tests/formal/*.sv)
# at one set of parameters, checked with yosys 0.23 and yosys-smtbmc on z3,
# the way SymbiYosys would (it is not packaged in Debian):
#
#   * the RTL is read as it is, with its concurrent assertions rewritten to
#     the immediate form yosys reads (tools/formal_sva.pl), so every job on
#     the good RTL proves the RTL's own assertions too;
#   * the harness reads internal signals through `//@tap` lines, connected
#     here after flattening (yosys has no hierarchical references; -nounset:
#     plain `connect -set` disconnects other wires of the same net), and a
#     `check -assert` then refuses any wire left undriven, which the solver
#     would otherwise treat as a free input;
#   * the design is bit-blasted (abc -g AND) before write_smt2: z3 4.8.12
#     takes minutes to parse the word-level SMT-LIB of one router, and
#     seconds for the gate-level one;
#   * a job on the good RTL keeps the property's assertions (label prefix),
#     the harness's lemmas (inv_) and the RTL's assertions, and is proven by
#     k-induction (`prove K`: base case and induction step at depth K),
#     checked by bounded model checking (`bmc N`), or proven by ABC's
#     property-directed reachability (`pdr T`: IC3, unbounded, no lemmas
#     needed; T is its CPU-time bound in seconds);
#   * `pdr` works on an AIGER file of the same netlist (write_aiger -zinit:
#     assertions become bad-state outputs, assumptions invariant
#     constraints, which ABC's `fold` folds in), read by `yosys-abc -c
#     "read_aiger; fold; strash; pdr -T T"` under `ulimit -t`, the way
#     SymbiYosys' `abc pdr` engine does. Its verdicts: "Property proved" is
#     PASS (every reachable state); "Output i ... asserted in frame F" is
#     FAIL with the frame; anything else (the time bound reached, the run
#     killed) is TIMEOUT, which is never a pass and fails `make formal`;
#   * a mutant job (a fault name: `HC_FAULT_<name>` defined in the RTL)
#     keeps the property's assertions alone and must FAIL: within its BMC
#     depth (modes prove and bmc: yosys-smtbmc), or within its time bound
#     (mode pdr: ABC's counterexample): the property is not vacuous, and
#     it catches that fault.
#
# One line per job, a count at the end, exit status 1 on any failure or
# timeout, 2 on
# bad input. Environment: FORMAL_ONLY (a shell glob on job names),
# FORMAL_QUICK=1 (only the jobs marked quick: make test's short version),
# FORMAL_DEPTH (overrides the depth of every `bmc` job on the good RTL),
# FORMAL_SOLVER (default z3). Logs, SMT-LIB files and counterexample VCDs go
# to build/formal/.
set -uo pipefail
cd "$(dirname "$0")/.."
out=build/formal
jobs=tests/formal/jobs.txt
solver=${FORMAL_SOLVER:-z3}
mkdir -p "$out/rtl"

die() { echo "formal: $*" >&2; exit 2; }
command -v yosys >/dev/null || die "yosys is not installed (tools/bootstrap.sh)"
command -v yosys-smtbmc >/dev/null || die "yosys-smtbmc is not installed (tools/bootstrap.sh)"
command -v "$solver" >/dev/null || die "solver $solver is not installed (tools/bootstrap.sh)"
command -v yosys-abc >/dev/null || die "yosys-abc is not installed (it comes with yosys; tools/bootstrap.sh)"
case "${FORMAL_DEPTH:-1}" in ''|*[!0-9]*|0) die "FORMAL_DEPTH must be a positive number, not '${FORMAL_DEPTH}'" ;; esac

# The RTL with its assertions in yosys' form.
rtl=()
for f in $(tools/filelist.sh rtl/hc_ip.f); do
  tools/formal_sva.pl "$f" > "$out/rtl/$(basename "$f")" || die "cannot rewrite the assertions of $f"
  rtl+=("$out/rtl/$(basename "$f")")
done

# Param value of a job: param NAME "Dim=2,W=3,B=2".
param() { local kv; IFS=, read -ra kv <<< "$2"; for x in "${kv[@]}"; do [ "${x%%=*}" = "$1" ] && { echo "${x#*=}"; return; }; done; echo ""; }

# The `connect -set` lines of a harness's //@tap lines:
#   //@tap       NAME EXPR          the wire NAME is EXPR
#   //@tap-port  NAME WIDTH EXPR    one EXPR per router port, %p = 0..Dim
#   //@tap-node  NAME WIDTH EXPR    one per node, %n = 0..2^Dim-1
#   //@tap-slot  NAME WIDTH EXPR    per port and buffer slot, %p and %s = 0..B-1
#   //@tap-np    NAME WIDTH EXPR    per node and port, %n and %p
#   //@tap-list  NAME WIDTH EXPR N  N elements, %i = 0..N-1 (N an expression)
#   //@KIND:COND ...                only when COND, a Python expression of
#                                   the parameters (absent ones read as 0),
#                                   is true: taps of one build's registers
# WIDTH is each element's width, a Python expression of the job's
# parameters (clog2 as in SystemVerilog); element i sits at [i*WIDTH +:
# WIDTH] of NAME (yosys' command line splits a {...} concatenation).
taps() {
  python3 - "$1" "$2" <<'PY'
import math, re, sys
import builtins
class Env(dict):
    # A parameter the job does not set reads as 0 (in tap conditions).
    def __missing__(self, key):
        return getattr(builtins, key) if hasattr(builtins, key) else 0
file, params = sys.argv[1], sys.argv[2]
env = Env({k: int(v) for k, v in (kv.split('=') for kv in params.split(','))})
env['clog2'] = lambda n: max(0, math.ceil(math.log2(n))) if n > 1 else 0
env.setdefault('Dim', 1)
env['SegN'] = 1 << env.get('SegAW', 0)
env['DescN'] = 1 << env.get('DescAW', 0)
ports, nodes, slots = env['Dim'] + 1, 1 << env['Dim'], env.get('B', 1)
for line in open(file):
    m = re.match(r'\s*//@(tap\S*)\s+(\S+)\s+(.*\S)', line)
    if not m:
        continue
    kind, name, rest = m.groups()
    if ':' in kind:
        kind, cond = kind.split(':', 1)
        if not eval(cond, {}, env):
            continue
    if kind == 'tap':
        print('connect -nounset -set %s %s' % (name, rest))
        continue
    width, expr = rest.split(None, 1)
    w = eval(width, {}, env)
    if kind == 'tap-list':
        expr, count = expr.rsplit(None, 1)
        elems = [expr.replace('%i', str(i)) for i in range(eval(count, {}, env))]
        for i, e in enumerate(elems):
            print('connect -nounset -set %s[%d:%d] %s' % (name, (i + 1) * w - 1, i * w, e))
        continue
    if kind == 'tap-port':
        elems = [expr.replace('%p', str(i)) for i in range(ports)]
    elif kind == 'tap-node':
        elems = [expr.replace('%n', str(i)) for i in range(nodes)]
    elif kind == 'tap-np':
        elems = [expr.replace('%n', str(n)).replace('%p', str(p))
                 for n in range(nodes) for p in range(ports)]
    elif kind == 'tap-slot':
        elems = [expr.replace('%p', str(p)).replace('%s', str(s))
                 for p in range(ports) for s in range(slots)]
    else:
        sys.exit('formal: %s: unknown tap %s' % (file, kind))
    for i, e in enumerate(elems):
        print('connect -nounset -set %s[%d:%d] %s' % (name, (i + 1) * w - 1, i * w, e))
PY
}

pass=0; fail=0; timeout=0

# One yosys run per group of jobs with the same harness, parameters and
# fault: the design is elaborated, flattened and bit-blasted once (design
# -save), then each job's assertions are kept and its SMT-LIB (modes prove
# and bmc) or AIGER file (mode pdr, with its map of inputs and latches)
# written.
build_group() {
  local top=$1 params=$2 fault=$3 gbase=$4; shift 4
  local file=tests/formal/$top.sv defs="" chp="" kv
  [ -f "$file" ] || die "$jobs: no harness $file"
  [ "$fault" != - ] && defs="-DHC_FAULT_$fault"
  for kv in ${params//,/ }; do chp+=" -set ${kv%%=*} ${kv#*=}"; done
  {
    cat <<YS
read_verilog -defer -sv -formal $defs ${rtl[*]}
read_verilog -defer -sv -formal $file
chparam$chp $top
hierarchy -check -top $top
proc
flatten
memory_map
$(taps "$file" "$params")
check -assert
async2sync
opt -keepdc -fast
techmap
opt -fast
abc -g AND -fast
dffunmap
opt_clean
check -assert
design -save base
YS
    local prop jbase fmt
    while [ $# -gt 0 ]; do
      prop=$1 jbase=$2 fmt=$3; shift 3
      if [ "$fault" = - ]; then
        keep="$top/n:${prop}_* $top/n:inv_* %u $top/n:\$* %u"
      else
        keep="$top/n:${prop}_*"
      fi
      cat <<YS
design -load base
select -set keep $keep
select -assert-min 1 $top/n:${prop}_*
chformal -remove $top/t:\$assert @keep %d
opt_clean
YS
      if [ "$fmt" = aig ]; then
        # An x constant is any value, every cycle (as SymbiYosys does);
        # dffunmap left multiplexers (flip-flop enables): AIGER is ANDs.
        echo "setundef -anyseq"
        echo "abc -g AND -fast"
        echo "opt_clean"
        echo "write_aiger -zinit -map $jbase.aim $jbase.aig"
      else
        echo "write_smt2 $jbase.smt2"
      fi
    done
  } > "$gbase.ys"
  yosys -q -l "$gbase.log" "$gbase.ys" >/dev/null 2>&1
}

# One job: the solver on its SMT-LIB file; prints its line.
run_job() {
  local tag=$1 mode=$2 depth=$3 fault=$4 base=$5
  local t0 t1 secs cpu log=$base.log ok=1 step how verdict
  t0=$(date +%s.%N)
  # The solvers' CPU time (user + system of the children), beside the wall
  # time: the machine is shared, so the CPU time is the job's cost.
  local TIMEFORMAT='%U %S'
  { time solve_job; } 2> "$base.cpu"
  cpu=$(tail -1 "$base.cpu" | awk '{ printf "%.0f", $1 + $2 }')
  t1=$(date +%s.%N)
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }')
  if [ $ok = 1 ]; then
    echo "formal: PASS $tag ($how, $secs s, $cpu CPU-s)"; pass=$((pass + 1))
  elif [ $ok = 2 ]; then
    echo "formal: TIMEOUT $tag ($how, $secs s, $cpu CPU-s; log $log)"; timeout=$((timeout + 1))
  else
    echo "formal: FAIL $tag ($how, $secs s, $cpu CPU-s; log $log)"; fail=$((fail + 1))
    grep -E "Assert failed|Assumptions are unsat" "$log" | head -3 | sed 's/^/  /'
  fi
}

# The solver runs of one job, in run_job's variables (mode, depth, fault,
# base, log; sets ok, how, step, verdict).
solve_job() {
  if [ "$mode" = pdr ]; then
    # ABC's own bound (-T, seconds) and the kernel's (CPU seconds) a little
    # above it, so that no job hangs; either way the verdict is TIMEOUT.
    ( ulimit -t $((depth + 30)); exec yosys-abc -c "read_aiger $base.aig; fold; strash; pdr -T $depth" ) > "$log" 2>&1
    if grep -q "Property proved" "$log"; then
      verdict=proved; how="PDR, unbounded"
    elif grep -qE "Output [0-9]+ of miter .* was asserted in frame [0-9]+" "$log"; then
      verdict=cex
      step=$(grep -oE "was asserted in frame [0-9]+" "$log" | head -1 | grep -oE "[0-9]+$")
      how="PDR: counterexample at frame $step"
    else
      verdict=timeout; how="PDR: no verdict within $depth CPU-s"
    fi
    if [ "$fault" != - ]; then
      case $verdict in
        cex) how="mutant fails as required: PDR counterexample at frame $step" ;;
        proved) ok=0; how="mutant NOT caught: PDR proves the property on it" ;;
        *) ok=0; how="mutant NOT caught: PDR gave no verdict within $depth CPU-s" ;;
      esac
    else
      [ $verdict = proved ] || ok=0
      [ $verdict = timeout ] && ok=2
    fi
  elif [ "$fault" != - ]; then
    yosys-smtbmc -s "$solver" --presat -t "$depth" --dump-vcd "$base.vcd" "$base.smt2" > "$log" 2>&1
    if grep -q "Status: FAILED" "$log" && grep -q "Assert failed" "$log"; then
      step=$(grep -oE "Checking assertions in step [0-9]+" "$log" | tail -1 | grep -oE "[0-9]+$")
      how="mutant fails as required: counterexample at step $step"
    else
      ok=0; how="mutant NOT caught within BMC depth $depth"
    fi
  elif [ "$mode" = prove ]; then
    yosys-smtbmc -s "$solver" --presat -t "$depth" --dump-vcd "$base.vcd" "$base.smt2" > "$log" 2>&1 \
      && grep -q "Status: PASSED" "$log" || ok=0
    if [ $ok = 1 ]; then
      yosys-smtbmc -s "$solver" -i -t "$depth" --dump-vcd "$base.ind.vcd" "$base.smt2" > "$log.ind" 2>&1 \
        && grep -q "Status: PASSED" "$log.ind" || { ok=0; log=$log.ind; }
      how="k-induction, k=$depth"
      [ $ok = 1 ] || how="induction step fails at k=$depth: not proven"
    else
      how="base case fails within $depth steps"
    fi
  else
    yosys-smtbmc -s "$solver" --presat -t "$depth" --dump-vcd "$base.vcd" "$base.smt2" > "$log" 2>&1 \
      && grep -q "Status: PASSED" "$log" || ok=0
    how="BMC, depth $depth"
  fi
}

[ -f "$jobs" ] || die "no job list $jobs"
J_TAG=(); J_GROUP=(); J_PROP=(); J_MODE=(); J_DEPTH=(); J_FAULT=(); J_BASE=()
declare -A G_SEEN
G_ORDER=()
while read -r name top params prop mode depth fault flags; do
  case "$name" in ''|\#*) continue ;; esac
  [ -n "$fault" ] || die "$jobs: job $name: expected 7 or 8 fields"
  case "$depth" in ''|*[!0-9]*) die "$jobs: job $name: depth '$depth' is not a number" ;; esac
  case "$mode" in prove|bmc|pdr) ;; *) die "$jobs: job $name: mode must be prove, bmc or pdr, not '$mode'" ;; esac
  [ "$depth" -gt 0 ] || die "$jobs: job $name: depth must be at least 1"
  [ -n "${FORMAL_ONLY:-}" ] && [[ $name != ${FORMAL_ONLY} ]] && continue
  [ "${FORMAL_QUICK:-0}" = 1 ] && [ "$flags" != quick ] && continue
  tag=$name; [ "$fault" != - ] && tag="$name~$fault"
  [ "$fault" = - ] && [ "$mode" = bmc ] && [ -n "${FORMAL_DEPTH:-}" ] && depth=$FORMAL_DEPTH
  g="$top $params $fault"
  [ -n "${G_SEEN[$g]:-}" ] || { G_SEEN[$g]=1; G_ORDER+=("$g"); }
  J_TAG+=("$tag"); J_GROUP+=("$g"); J_PROP+=("$prop"); J_MODE+=("$mode")
  J_DEPTH+=("$depth"); J_FAULT+=("$fault"); J_BASE+=("$out/${tag//\~/_}")
done < "$jobs"
[ ${#J_TAG[@]} -gt 0 ] || die "no job matches FORMAL_ONLY='${FORMAL_ONLY:-}'"

for g in "${G_ORDER[@]}"; do
  read -r top params fault <<< "$g"
  gbase="$out/${top}_${params//[=,]/_}_$fault"
  args=(); idx=()
  for i in "${!J_TAG[@]}"; do
    [ "${J_GROUP[$i]}" = "$g" ] || continue
    fmt=smt2; [ "${J_MODE[$i]}" = pdr ] && fmt=aig
    args+=("${J_PROP[$i]}" "${J_BASE[$i]}" "$fmt"); idx+=("$i")
  done
  t0=$(date +%s.%N)
  if ! build_group "$top" "$params" "$fault" "$gbase" "${args[@]}"; then
    for i in "${idx[@]}"; do echo "formal: FAIL ${J_TAG[$i]} (yosys: see $gbase.log)"; fail=$((fail + 1)); done
    grep -m3 ERROR "$gbase.log" | sed 's/^/  /'
    continue
  fi
  secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
  label="$top $params"; [ "$fault" != - ] && label+=" HC_FAULT_$fault"
  echo "formal: built $label (yosys, $secs s)"
  for i in "${idx[@]}"; do
    run_job "${J_TAG[$i]}" "${J_MODE[$i]}" "${J_DEPTH[$i]}" "${J_FAULT[$i]}" "${J_BASE[$i]}"
  done
done
if [ $timeout -gt 0 ]; then
  echo "formal: $pass passed, $fail failed, $timeout timed out (not proven)"
else
  echo "formal: $pass passed, $fail failed"
fi
[ $fail -eq 0 ] && [ $timeout -eq 0 ]
