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
#     k-induction (`prove K`: base case and induction step at depth K) or
#     checked by bounded model checking (`bmc N`);
#   * a mutant job (a fault name: `HC_FAULT_<name>` defined in the RTL)
#     keeps the property's assertions alone and must FAIL within its BMC
#     depth: the property is not vacuous, and it catches that fault.
#
# One line per job, a count at the end, exit status 1 on any failure, 2 on
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
# WIDTH is each element's width, a Python expression of the job's
# parameters (clog2 as in SystemVerilog); element i sits at [i*WIDTH +:
# WIDTH] of NAME (yosys' command line splits a {...} concatenation).
taps() {
  python3 - "$1" "$2" <<'PY'
import math, re, sys
file, params = sys.argv[1], sys.argv[2]
env = {k: int(v) for k, v in (kv.split('=') for kv in params.split(','))}
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

pass=0; fail=0

# One yosys run per group of jobs with the same harness, parameters and
# fault: the design is elaborated, flattened and bit-blasted once (design
# -save), then each job's assertions are kept and its SMT-LIB written.
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
    local prop smt
    while [ $# -gt 0 ]; do
      prop=$1 smt=$2; shift 2
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
write_smt2 $smt
YS
    done
  } > "$gbase.ys"
  yosys -q -l "$gbase.log" "$gbase.ys" >/dev/null 2>&1
}

# One job: the solver on its SMT-LIB file; prints its line.
run_job() {
  local tag=$1 mode=$2 depth=$3 fault=$4 base=$5
  local t0 t1 secs log=$base.log ok=1 step how
  t0=$(date +%s.%N)
  if [ "$fault" != - ]; then
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
  t1=$(date +%s.%N)
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }')
  if [ $ok = 1 ]; then
    echo "formal: PASS $tag ($how, $secs s)"; pass=$((pass + 1))
  else
    echo "formal: FAIL $tag ($how, $secs s; log $log)"; fail=$((fail + 1))
    grep -E "Assert failed|Assumptions are unsat" "$log" | head -3 | sed 's/^/  /'
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
  case "$mode" in prove|bmc) ;; *) die "$jobs: job $name: mode must be prove or bmc, not '$mode'" ;; esac
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
    args+=("${J_PROP[$i]}" "${J_BASE[$i]}.smt2"); idx+=("$i")
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
echo "formal: $pass passed, $fail failed"
[ $fail -eq 0 ]
