#!/usr/bin/env bash
# Command-line tests of hcsim, the program behind `make sim`: bad input gets
# one line on stderr and exit status 2; the JSON report holds the documented
# fields; a message-list file at zero load shows the documented latency
# h + L + 1; and lockstep runs of uniform, bit-reverse and transpose traffic
# from light load to saturation match and lose nothing for d = 2..5. Ends with
# "N passed, N failed". HCSIM names the model binary (default build/bin/hcsim;
# make test runs the suite once with build/asan/bin/hcsim, AddressSanitizer
# and UndefinedBehaviorSanitizer) and HC_FLIT_FILTER the translate filter;
# the RTL binaries are build/rtl/<cfg>/hcsim, and make sim's cases run make's
# own build/bin/hcsim.
set -uo pipefail
cd "$(dirname "$0")/../.."
model=${HCSIM:-build/bin/hcsim}
filter=${HC_FLIT_FILTER:-build/bin/hc_flit_filter}
[ -x "$model" ] || { echo "FAIL hcsim: $model not built"; echo "0 passed, 1 failed"; exit 1; }
# whether a binary is built with AddressSanitizer (not ldd | grep -q: under
# pipefail, grep leaving early fails the pipe when ldd is still writing)
asan_build() { case "$(ldd "$1" 2>/dev/null)" in *libasan*) return 0 ;; *) return 1 ;; esac; }
if asan_build "$model"; then echo "note: $model runs under AddressSanitizer"; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
ko() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

# bad input: exit 2 and exactly one line on stderr, starting "hcsim: "
bad() { # name args...
  local name=$1; shift
  "$model" "$@" >"$tmp/out" 2>"$tmp/err"; local st=$?
  local lines; lines=$(wc -l < "$tmp/err")
  if [ $st = 2 ] && [ "$lines" = 1 ] && grep -q '^hcsim: ' "$tmp/err"; then ok "bad input: $name"
  else ko "bad input: $name" "exit $st, $lines stderr lines: $(head -c 200 "$tmp/err")"; fi
}
printf '0 0 1 4\nthis is not a message\n' > "$tmp/malformed.txt"
bad "d out of range"      --sim model --d 21
bad "d zero"              --sim model --d 0
bad "route-reg 2"         --sim model --route-reg 2
bad "unknown traffic"     --sim model --traffic nosuch
bad "rate above 1"        --sim model --rate 1.5
bad "rate negative"       --sim model --rate -0.1
bad "rate not a number"   --sim model --rate abc
bad "trailing garbage"    --sim model --cycles 100x
bad "len zero"            --sim model --len 0
bad "unreadable file"     --sim model --file "$tmp/does-not-exist"
bad "malformed file"      --sim model --file "$tmp/malformed.txt"
bad "unknown option"      --sim model --frobnicate
bad "missing value"       --sim model --d
bad "unknown backend"     --sim gpu
bad "rtl not linked"      --sim rtl --d 4
bad "hot node out of range" --sim model --traffic hotspot --hot-node 99 --d 4
bad "buffer depth zero"   --sim model --buf 0
bad "unknown algorithm"   --algo nosuch --sim model
bad "algorithm k zero"    --algo aap --sim model --k 0
bad "algorithm d too large for an all-to-all" --algo aap --sim model --d 11
bad "algorithm unknown option" --algo aap --sim model --rate 0.1
bad "cost: tau above 255"  --algo aap --sim model --tau 256
bad "cost: xi above 65535" --algo aap --sim model --xi 65536
bad "cost: tau negative"   --algo aap --sim model --tau -1
bad "cost: unknown switching" --algo aap_prime --sim model --switching packet
bad "cost: overlap not on or off" --algo aap_prime --sim model --switching circuit --overlap yes
bad "cost: overlap with wormhole" --algo aap_prime --sim model --overlap on
bad "cost: barrier not on or off" --algo aap --sim model --barrier 1
bad "cost: tau for a schedule" --algo broadcast2 --sim model --d 2 --tau 1
bad "cost: switching for traffic" --sim model --switching circuit
bad "lcc unknown preset"  --algo lcc --sim model --d 4 --lcc nosuch
bad "lcc matrix wrong size" --algo lcc --sim model --d 3 --lcc-a "11;11;001"
bad "lcc non-binary entry" --algo lcc --sim model --d 3 --lcc-a "120;010;001"
bad "lcc singular A as LCP" --algo lcc --sim model --d 3 --lcc-a "110;110;001" --lcc-kind lcp
bad "lcc odd d for an image preset" --algo lcc --sim model --d 3 --lcc rot90
bad "lcc dp without a list" --algo lcc --sim model --d 4 --lcc transpose --remap dp
bad "lcc dp list with an unknown preset" --algo lcc --sim model --d 4 --lcc transpose --remap dp --lccs transpose,nosuch
bad "lcc unknown remap"   --algo lcc --sim model --d 4 --lcc transpose --remap best
bad "traffic remap on uniform" --sim model --d 4 --traffic uniform --remap opt
bad "sf m not a multiple of d" --algo broadcast2 --sim model --d 3 --m 64
bad "sf m not a multiple of d 2^d (HISTOGRAM)" --algo histogram --sim model --d 3 --m 20
bad "sf beta below the hardware's 3" --algo broadcast2 --sim model --d 2 --beta 2
bad "sf beta too large" --algo broadcast2 --sim model --d 2 --beta 65536
bad "sf M given to total_exchange" --algo total_exchange --sim model --d 2 --m 4
bad "sf K given to broadcast2" --algo broadcast2 --sim model --d 2 --k 4
bad "sf needs more than 16 address bits" --algo complete_exchange --sim model --d 4 --m 6000
bad "sf unknown option" --algo total_exchange --sim model --d 2 --rate 0.5
bad "wormhole algorithm given BETA" --algo aap --sim model --d 2 --beta 4
bad "sf G to an algorithm that is not pipelined" --algo broadcast2 --sim model --d 2 --g 2
bad "sf DST to an algorithm without one" --algo broadcast2 --sim model --d 2 --dst 1
bad "sf SRC outside the cube" --algo broadcast2 --sim model --d 2 --src 4
bad "sf G zero" --algo broadcast2 --sim model --d 2 --g 0
bad "sf PERM to an algorithm without one" --algo broadcast2 --sim model --d 2 --perm bitrev
bad "sf K zero (multinode broadcast)" --algo multinode_broadcast --sim model --d 3 --k 0
bad "sf SRC outside the cube (single node scatter)" --algo single_node_scatter --sim model --d 4 --src 16
bad "sf d above the generator's 12" --algo multinode_broadcast --sim model --d 13
bad "sf SRC to the multinode broadcast" --algo multinode_broadcast --sim model --d 3 --src 1
bad "sf K too large for the schedule at d = 12" --algo single_node_scatter --sim model --d 12 --k 17
bad "sf exec with a waveform" --algo broadcast2 --sim exec --d 2 --waves "$tmp/w.fst"
bad "sched given G" --algo sched --sim model --d 2 --g 2 --sched docs/examples/two_cube.hcs
bad "exec for wormhole traffic" --sim exec --d 2
printf 'hcsched 1\ndim 2\nmem 4\nlink 0 0 0: gather 0+1 -> scatter 0+1\n' > "$tmp/unsourced.hcs"
printf 'hcsched 1\ndim 2\nmem 4\nlink 0 0: gather 0+1\n' > "$tmp/syntax.hcs"
bad "sched without SCHED" --algo sched --sim model --d 2
bad "sched unreadable file" --algo sched --sim model --d 2 --sched "$tmp/does-not-exist.hcs"
bad "sched syntax error" --algo sched --sim model --d 2 --sched "$tmp/syntax.hcs"
bad "sched word never present" --algo sched --sim model --d 2 --sched "$tmp/unsourced.hcs"
bad "sched for another cube" --algo sched --sim model --d 3 --sched docs/examples/two_cube.hcs
bad "sched given M" --algo sched --sim model --d 2 --m 4 --sched docs/examples/two_cube.hcs
bad "saf message longer than the buffer" --sim model --d 3 --mode saf --buf 4 --len 5
bad "unknown switching mode" --sim model --d 3 --mode cut-through
# 003 (Johnsson) §3.4, §4 (algorithms/sf_sbt*.c, sf_cbt_*.c, sf_transpose_*.c)
bad "jo transpose on an odd d" --algo transpose_bin --sim model --d 3
bad "jo transpose N not a power of two" --algo transpose_gray --sim model --d 4 --n 12
bad "jo transpose N below 2^k" --algo transpose_torus --sim model --d 4 --n 2
bad "jo mesh transpose with N above 2^k" --algo transpose_mesh --sim model --d 4 --n 8
bad "jo transpose matrix too large" --algo transpose_torus --sim model --d 10 --n 2048
bad "jo sbt_seq more sources than nodes" --algo sbt_seq --sim model --d 3 --n 9
bad "jo sbt given N" --algo sbt --sim model --d 3 --n 4
bad "jo cbt_bcast on d = 2 (no tree edge)" --algo cbt_bcast --sim model --d 2
bad "jo cbt_interior on d = 2 (nothing moves)" --algo cbt_interior --sim model --d 2
bad "fft2d on an odd d" --algo fft2d_rowcol --sim model --d 5
bad "fft2d on d = 1" --algo fft2d_rowcol --sim model --d 1
bad "fft k zero" --algo fft1d_bitrev --sim model --d 4 --k 0
bad "fft d above its 12" --algo fft1d_bitrev --sim model --d 13
bad "fft given REMAP (both runs are made)" --algo fft1d_bitrev --sim model --d 4 --remap opt

bad "unknown routing function" --sim model --d 3 --routing bogus
bad "routing other than e-cube in lockstep" --sim both --d 3 --routing pcube
bad "routing other than e-cube on the RTL" --sim rtl --d 3 --routing min
bad "routing given to an algorithm" --algo aap --sim model --d 2 --routing pcube
bad "routing other than e-cube in an FFT lockstep" --algo fft1d_bitrev --sim both --d 4 --routing pcube

# Bugs found while measuring (issue 19): each refusal is one printable line
# naming what is wrong, exit 2. badmsg checks the line against a pattern and
# that it holds no raw control or non-UTF-8 byte.
badmsg() { # name regex args...
  local name=$1 re=$2; shift 2
  "$model" "$@" >"$tmp/out" 2>"$tmp/err"; local st=$?
  local lines; lines=$(wc -l < "$tmp/err")
  if [ $st = 2 ] && [ "$lines" = 1 ] && grep -qE "^hcsim: .*$re" "$tmp/err" \
     && ! LC_ALL=C grep -q '[^[:print:]]' "$tmp/err" && iconv -f UTF-8 -t UTF-8 "$tmp/err" >/dev/null 2>&1; then
    ok "bad input: $name"
  else ko "bad input: $name" "exit $st, $lines stderr lines: $(head -c 300 "$tmp/err" | cat -v)"; fi
}
# A NUL byte in a message list: the line and the field, never a shorter line
# glued to the next one (0 0 1<NUL> junk + " 5" ran one 5-flit message).
printf '0 0 1\0 junk\n 5\n' > "$tmp/nul_glue.txt"
printf '\0' > "$tmp/nul_only.txt"
printf '0 0 1 4\n0 0 1\0 4\n' > "$tmp/nul_late.txt"
printf '0 0 1 4 # a c\0mment\n' > "$tmp/nul_comment.txt"
printf '0 \033[31m 1 4\n' > "$tmp/escape.txt"
printf '\202!\311\024\237\375P 1 1 1\n' > "$tmp/binary.txt"
badmsg "msgfile NUL in dest" "nul_glue.txt:1: dest '1\\\\x00' holds a NUL byte at column 6" --sim model --d 2 --file "$tmp/nul_glue.txt"
badmsg "msgfile of one NUL byte" "nul_only.txt:1: cycle '\\\\x00' holds a NUL byte at column 1" --sim model --d 2 --file "$tmp/nul_only.txt"
badmsg "msgfile NUL on line 2" "nul_late.txt:2: dest '1\\\\x00' holds a NUL byte" --sim model --d 2 --file "$tmp/nul_late.txt"
badmsg "msgfile NUL in a comment" "nul_comment.txt:1: a NUL byte at column 14, in a comment" --sim model --d 2 --file "$tmp/nul_comment.txt"
badmsg "msgfile escape sequence echoed printable" "escape.txt:1: src '\\\\x1B\\[31m' is not an unsigned" --sim model --d 2 --file "$tmp/escape.txt"
badmsg "msgfile binary bytes echoed printable" "binary.txt:1: cycle '\\\\x82!\\\\xC9\\\\x14" --sim model --d 2 --file "$tmp/binary.txt"
badmsg "msgfile a directory" "$tmp: is a directory, not a message list" --sim model --d 2 --file "$tmp"
bin=build/rtl/D2_W16_B2_I4/hcsim
if [ -x "$bin" ]; then # the RTL's hcsim reads message files with the same code
  "$bin" --file "$tmp/nul_glue.txt" >"$tmp/out" 2>"$tmp/err"; st=$?
  if [ $st = 2 ] && grep -q "nul_glue.txt:1: dest '1\\\\x00' holds a NUL byte" "$tmp/err"; then ok "bad input: msgfile NUL on the RTL build"
  else ko "bad input: msgfile NUL on the RTL build" "exit $st: $(head -c 200 "$tmp/err")"; fi
fi
# A NUL in a schedule is named (it said found ""); a directory says so.
printf 'hcsched 1\ndim 2\nmem 4\nlink 0 0 0: gather 0\0+1 -> scatter 0+1\n' > "$tmp/nul.hcs"
badmsg "sched NUL byte named" 'nul.hcs:4: .*found "\\x00\+1 -> scatter 0\.\.\." \(a NUL byte' --algo sched --sim model --d 2 --sched "$tmp/nul.hcs"
badmsg "sched a directory" "--sched $tmp: read error: Is a directory" --algo sched --sim model --d 2 --sched "$tmp"

# --lcc-file: lines of any length (text past column 1023 became the b
# vector), one b line, no NUL, not a directory.
{ printf '1000\n0100\n0010\n0001'; printf '%1019s' ''; printf 'b 1111\n'; } > "$tmp/lcc_long.txt"
{ printf '1000\n0100\n0010\n0'; printf '%2000s' ''; printf '001\nb 1010\n'; } > "$tmp/lcc_wide.txt"
printf '1000\n0100\n0010\n0001\nb 1010\nb 0101\n' > "$tmp/lcc_two_b.txt"
printf '1000\n0100\n0010\n0001\nb\t\n' > "$tmp/lcc_empty_b.txt"
printf '1000\n01\00000\n0010\n0001\n' > "$tmp/lcc_nul.txt"
badmsg "lcc-file line longer than 1023 columns" "lcc_long.txt: row 4 \\(line 4\\), entry 5: 'b' is not a binary entry" --algo lcc --sim model --d 4 --lcc-file "$tmp/lcc_long.txt"
badmsg "lcc-file two b lines" "lcc_two_b.txt:6: a second b line \\(the first is line 5\\)" --algo lcc --sim model --d 4 --lcc-file "$tmp/lcc_two_b.txt"
badmsg "lcc-file b without a vector" "lcc_empty_b.txt:5: a b line without a vector" --algo lcc --sim model --d 4 --lcc-file "$tmp/lcc_empty_b.txt"
badmsg "lcc-file NUL byte" "lcc_nul.txt:2: a NUL byte at column 3" --algo lcc --sim model --d 4 --lcc-file "$tmp/lcc_nul.txt"
badmsg "lcc-file a directory" "--lcc-file $tmp: is a directory" --algo lcc --sim model --d 4 --lcc-file "$tmp"
"$model" --algo lcc --sim model --d 4 --lcc-file "$tmp/lcc_wide.txt" --quiet --json "$tmp/lw.json"; st=$?
if [ $st = 0 ] && jq -e '.t_hardware == [1, 0, 1, 0]' "$tmp/lw.json" >/dev/null; then ok "lcc-file a row of 2004 columns"
else ko "lcc-file a row of 2004 columns" "exit $st"; fi
# LCC options that do not apply, or are empty, are refused
badmsg "objective not a name" "--objective: 'foo' is not maxmax" --algo lcc --sim model --d 4 --lcc transpose --objective foo
badmsg "objective without remap dp" "--objective .* does not apply to --remap none" --algo lcc --sim model --d 4 --lcc transpose --objective maxsum
badmsg "lccs without remap dp" "--lccs .* does not apply to --remap opt" --algo lcc --sim model --d 4 --lcc transpose --remap opt --lccs bitrev
badmsg "lccs for traffic without remap dp" "--lccs .* does not apply to --remap none" --sim model --d 4 --traffic bitrev --lccs zzz
badmsg "lcc-b empty" "--lcc-b needs a vector" --algo lcc --sim model --d 4 --lcc-a '1000;0100;0010;0001' --lcc-b ''
badmsg "lccs empty name inside" "--lccs bitrev,,transpose: name 2 is empty" --algo lcc --sim model --d 4 --lcc transpose --remap dp --lccs bitrev,,transpose
badmsg "lccs trailing comma" "--lccs bitrev,: name 2 is empty" --algo lcc --sim model --d 4 --lcc transpose --remap dp --lccs bitrev,
badmsg "lccs empty" "--lccs needs a list" --sim model --d 4 --traffic bitrev --remap dp --lccs ''

# Rates and fractions are decimal (0x0.1p0 ran at 0.0625), and one that
# underflows is not quietly 0 (1e-400 ran with nothing offered)
badmsg "rate in hex" "--rate expects a decimal number .*'0x0.1p0'" --sim model --d 2 --rate 0x0.1p0
badmsg "rate underflowing to 0" "--rate 1e-400 is too small to be represented" --sim model --d 2 --rate 1e-400
badmsg "rate subnormal" "--rate 1e-310 is too small to be represented" --sim model --d 2 --rate 1e-310
badmsg "rate two signs" "--rate expects a decimal number" --sim model --d 2 --rate=--0.1
badmsg "hot-frac in hex" "--hot-frac expects a decimal number" --sim model --d 2 --traffic hotspot --hot-frac 0x1p-1

# An option given twice is refused, not quietly the last one
badmsg "option given twice" "--d given twice \\('3', then '5'\\)" --sim model --d 3 --d 5
badmsg "option given twice, = form" "--rate given twice" --sim model --rate=0.1 --rate 0.2
badmsg "flag given twice" "--quiet given twice" --sim model --quiet --quiet
badmsg "algo given twice" "--algo given twice" --algo aap --algo aap_prime --sim model

# Sizes checked first (docs/hcsim.md): --check-args, which make sim runs
# before it builds the RTL, refuses a store-and-forward case the build
# cannot hold from its sizes alone (the total exchange at D = 8 started a
# 19-minute build before failing), naming the limit and what holds it
badmsg "check-args: total_exchange D=8 on the default build" \
  "total_exchange d=8 does not fit the RTL build \\(SFGEOM=11,10,6\\): a link carries 128 packets; the hardware has 64 packet descriptors \\(DescAW = 6; DescAW = 7 holds it\\); build one .*SFGEOM=11,10,7" \
  --algo total_exchange --sim both --d 8 --check-args
badmsg "check-args: complete_exchange D=5 default M, the M that fits named" \
  "complete_exchange d=5 does not fit the RTL build .*BankAW = 12 holds it\\) \\(M = 60 fits\\)" \
  --algo complete_exchange --sim both --d 5 --check-args
badmsg "check-args: D above the RTL builds' limit" "--d 9: make builds the RTL up to D = 8 \\(HC_BUILD_MAX_D\\)" \
  --algo total_exchange --sim both --d 9 --check-args
badmsg "sfgeom without check-args" "--sfgeom is for --check-args" --algo total_exchange --sim model --d 3 --sfgeom 11,10,7
badmsg "sfgeom malformed" "--sfgeom expects BankAW,SegAW,DescAW" --algo total_exchange --sim both --d 3 --check-args --sfgeom 11,10
"$model" --algo total_exchange --sim both --d 8 --check-args --sfgeom 11,10,7 >"$tmp/out" 2>&1; st=$?
if [ $st = 0 ] && [ ! -s "$tmp/out" ]; then ok "check-args: total_exchange D=8 with SFGEOM=11,10,7"
else ko "check-args: total_exchange D=8 with SFGEOM=11,10,7" "exit $st: $(head -c 200 "$tmp/out")"; fi
# the Makefile's own check (make -n prints it; running it builds nothing)
chk=$(make -n --no-print-directory sim ALGO=total_exchange D=8 2>/dev/null | grep -o 'build/bin/hcsim [^;|]*--check-args[^;|]*' | head -1)
if [ -n "$chk" ] && ! grep -q -- '--sim model' <<< "$chk" && ! eval "$chk" 2>"$tmp/err" && grep -q 'DescAW = 7 holds it' "$tmp/err"; then
  ok "make sim ALGO=total_exchange D=8: refused by --check-args before the RTL build"
else ko "make sim ALGO=total_exchange D=8: refused by --check-args before the RTL build" "check: '$chk': $(head -c 200 "$tmp/err")"; fi
# the model: a case this process cannot hold in memory is refused before it
# is built (it ran 8 s and said "out of memory"), naming the size
# (not under AddressSanitizer, which reserves terabytes of address space
# that ulimit -v counts: with an ASan $model the case runs on the plain
# build/bin/hcsim, which make test builds, and is skipped without it)
lim=$model
if asan_build "$model"; then
  lim=build/bin/hcsim
  asan_build "$lim" && lim=""
  echo "note: the memory-limit case runs on ${lim:-no plain build}: $model is an ASan build (ulimit -v cannot hold its shadow memory)"
fi
if [ -z "$lim" ] || [ ! -x "$lim" ]; then
  echo "SKIP sf case above the memory limit: no build without ASan"
else
  ( ulimit -v 700000; timeout 60 "$lim" --algo complete_exchange --sim model --d 8 ) >"$tmp/out" 2>"$tmp/err"; st=$?
  if [ $st = 2 ] && [ "$(wc -l < "$tmp/err")" = 1 ] \
     && grep -q 'complete_exchange d=8: M = 64 needs at least 0.[0-9]* GB (21317632 words in all.*limited to .*(M = 32 fits)' "$tmp/err"; then
    ok "bad input: sf case above the memory limit, before building"
  else ko "bad input: sf case above the memory limit, before building" "exit $st: $(head -c 300 "$tmp/err")"; fi
fi
# every limit on d named where it refuses
badmsg "d limit of the store-and-forward mode named" "--d 16 is out of range 1..15 \\(.*HC_RTL_MAX_D" --algo broadcast2 --sim model --d 16
badmsg "d limit of a generator named" "--d 11: broadcast2 goes up to d = 10 \\(the generators' limit, HC_SF_MAX_D\\)" --algo broadcast2 --sim model --d 11
badmsg "d limit of the model named" "--d 21 is out of range 1..20 \\(the model's largest cube, HC_MODEL_MAX_D\\)" --sim model --d 21

# A schedule with no words is bad input (it said "0 words compared, all
# equal", FAILED, exit 1, nothing on stderr)
printf 'hcsched 1\ndim 2\nmem 4\n' > "$tmp/empty.hcs"
badmsg "sched with no words" "empty.hcs: the schedule has no words" --algo sched --sim model --d 2 --sched "$tmp/empty.hcs"
badmsg "sched with no words, executor" "empty.hcs: the schedule has no words" --algo sched --sim exec --d 2 --sched "$tmp/empty.hcs"

# --json: a refused run writes no file (it left a 0-byte one) and leaves an
# existing one as it was; an unwritable path is refused before the run
echo '{"old": true}' > "$tmp/keep.json"
"$model" --algo sched --sim model --d 2 --sched "$tmp/empty.hcs" --json "$tmp/keep.json" 2>/dev/null
"$model" --algo sched --sim model --d 2 --sched "$tmp/empty.hcs" --json "$tmp/none.json" 2>/dev/null
if [ "$(cat "$tmp/keep.json")" = '{"old": true}' ] && [ ! -e "$tmp/none.json" ]; then ok "json: a refused run writes no file"
else ko "json: a refused run writes no file" "$(ls -l "$tmp"/*.json | tr '\n' ' ')"; fi
badmsg "json path is a directory" "--json $tmp: is a directory" --sim model --d 2 --cycles 100 --warmup 0 --json "$tmp"
badmsg "json path in a missing directory" "--json $tmp/no/such.json: cannot write: No such file or directory" \
  --sim model --d 2 --cycles 100 --warmup 0 --json "$tmp/no/such.json"
bin=build/rtl/D2_W16_B2_I4/hcsim
if [ -x "$bin" ]; then # refused after the JSON path was checked: the waveform's directory is missing
  "$bin" --sim rtl --cycles 100 --warmup 0 --json "$tmp/rtl.json" --waves "$tmp/no/w.fst" >/dev/null 2>"$tmp/err"; st=$?
  if [ $st = 2 ] && [ ! -e "$tmp/rtl.json" ] && grep -q -- "--waves $tmp/no/w.fst: cannot write" "$tmp/err"; then
    ok "json: a run refused for its waveform path writes no JSON (RTL build)"
  else ko "json: a run refused for its waveform path writes no JSON (RTL build)" "exit $st: $(ls -l "$tmp/rtl.json" 2>&1)"; fi
fi

# --deliveries: a line per message, the cycle its tail came out. Three
# messages alone in a 2-cube arrive h + L + 1 cycles after their creation
# (docs/microarchitecture.md, zero-load latency; here no two share a
# channel): 0->3 (2 hops, 2 flits) in 5, 1->2 (2 hops, 4 flits) in 7, 2->1
# created in cycle 3 (2 hops, 1 flit) in 7; with the RTL in lockstep too.
printf '0 0 3 2\n0 1 2 4\n3 2 1 1\n' > "$tmp/three.txt"
want=$(printf '5 0 3 2 0\n7 1 2 4 0\n7 2 1 1 3')
for bin in "$model" build/rtl/D2_W16_B2_I4/hcsim; do
  [ -x "$bin" ] || continue
  rm -f "$tmp/three.dl"
  "$bin" --sim "$([ "$bin" = "$model" ] && echo model || echo both)" --d 2 --file "$tmp/three.txt" --cycles 4 --warmup 0 \
    --quiet --deliveries "$tmp/three.dl" 2>"$tmp/err"; st=$?
  got=$(grep -v '^#' "$tmp/three.dl" 2>/dev/null | sort -n -k1,1 -k2,2)
  if [ $st = 0 ] && [ "$got" = "$want" ]; then ok "deliveries: three lone messages at h + L + 1 ($bin)"
  else ko "deliveries: three lone messages at h + L + 1 ($bin)" "exit $st: $(tr '\n' ';' <<< "$got") $(head -c 200 "$tmp/err")"; fi
done
"$model" --sim model --d 2 --algo aap --k 2 --quiet --deliveries "$tmp/aap.dl" 2>"$tmp/err"; st=$?
if [ $st = 0 ] && [ "$(grep -vc '^#' "$tmp/aap.dl")" = 12 ]; then ok "deliveries: AAP on the 2-cube, 12 messages"
else ko "deliveries: AAP on the 2-cube, 12 messages" "exit $st: $(grep -vc '^#' "$tmp/aap.dl" 2>&1)"; fi
badmsg "deliveries path is a directory" "--deliveries $tmp: is a directory" --sim model --d 2 --cycles 100 --warmup 0 \
  --deliveries "$tmp"
badmsg "deliveries with a store-and-forward schedule" "unknown option '--deliveries' with --algo total_exchange" \
  --algo total_exchange --sim model --d 2 --deliveries "$tmp/x.dl"

# Verilator's own run-time arguments are passed through to the RTL (they
# were refused as unexpected arguments); the model says it runs none
"$model" --sim model --d 2 --cycles 200 --warmup 0 +verilator+rand+reset+2 +verilator+seed+7 >"$tmp/out" 2>"$tmp/err"; st=$?
if [ $st = 0 ] && grep -q 'note: +verilator+rand+reset+2 ...: Verilator' "$tmp/err" && grep -q '^result *pass' "$tmp/out"; then
  ok "verilator plusargs accepted by the model build"
else ko "verilator plusargs accepted by the model build" "exit $st: $(head -c 200 "$tmp/err")"; fi
badmsg "verilator rand reset out of range" "\\+verilator\\+rand\\+reset\\+3: N must be a decimal integer 0..2" --sim model --d 2 +verilator+rand+reset+3
badmsg "verilator argument unknown" "unknown Verilator argument '\\+verilator\\+frob'" --sim model --d 2 +verilator+frob
bin=build/rtl/D2_W16_B2_I4/hcsim
if [ -x "$bin" ]; then # random initial values in lockstep with the model: reset must set every flop that matters
  out=$("$bin" --sim both --traffic uniform --rate 0.3 --len 4 --cycles 500 --warmup 50 +verilator+rand+reset+2 +verilator+seed+11 2>&1); st=$?
  if [ $st = 0 ] && grep -qE '^lockstep +match' <<< "$out"; then ok "verilator plusargs on the RTL build, lockstep"
  else ko "verilator plusargs on the RTL build, lockstep" "exit $st: $(grep -E 'lockstep|hcsim|Error' <<< "$out" | head -3 | tr '\n' ' ')"; fi
fi

# make sim passes every variable given, so hcsim refuses or notes what does
# not apply (it dropped TRAFFIC beside FILE, RATE and LEN without the note,
# REMAP and LCCS in the traffic branch)
msim() { make --no-print-directory -s sim SIM=model "$@" >"$tmp/out" 2>"$tmp/err"; }
echo "0 0 1 4" > "$tmp/one.txt"
msim TRAFFIC=bitrev FILE="$tmp/one.txt"; st=$?
if [ $st = 2 ] && grep -q '^hcsim: --file is only for --traffic file or netrace (got --traffic bitrev)' "$tmp/err"; then
  ok "make sim TRAFFIC=bitrev FILE=f: refused"
else ko "make sim TRAFFIC=bitrev FILE=f: refused" "exit $st: $(head -c 200 "$tmp/err")"; fi
msim FILE="$tmp/one.txt" RATE=0.5 LEN=3 CYCLES=10 WARMUP=0; st=$?
if [ $st = 0 ] && grep -q '^hcsim: note: --rate and --len do not apply to --traffic file' "$tmp/err"; then
  ok "make sim FILE=f RATE=0.5 LEN=3: the note"
else ko "make sim FILE=f RATE=0.5 LEN=3: the note" "exit $st: $(head -c 200 "$tmp/err")"; fi
msim TRAFFIC=bitrev REMAP=dp LCCS=bitrev, CYCLES=100 WARMUP=0; st=$?
if [ $st = 2 ] && grep -q '^hcsim: --lccs bitrev,: name 2 is empty' "$tmp/err"; then ok "make sim REMAP=dp LCCS=...: passed to traffic"
else ko "make sim REMAP=dp LCCS=...: passed to traffic" "exit $st: $(head -c 200 "$tmp/err")"; fi

# PERM=file: a directory said so (it said "larger than 1048576 bytes"), a
# NUL byte named (it said found ')
printf '3 2 1\0 0\n' > "$tmp/perm_nul.txt"
badmsg "perm a directory" "PERM=$tmp: is a directory" --algo permuted_send --sim model --d 2 --perm "$tmp"
badmsg "perm NUL byte named" "perm_nul.txt: line 1: expected a node number, found '\\\\x00'" --algo permuted_send --sim model --d 2 --perm "$tmp/perm_nul.txt"

# The routing functions of the model (docs/hou.md): the list, e-cube first;
# an adaptive run on the model delivers everything and says which routing
# it used; the RTL refuses all but e-cube with one line, and runs e-cube.
out=$("$model" --routing list 2>&1); st=$?
if [ $st = 0 ] && [ "$(head -1 <<< "$out" | cut -d' ' -f1)" = ecube ] && [ "$(wc -l <<< "$out")" = 6 ] \
   && grep -q '^pcube ' <<< "$out" && grep -q '^mixbb3 ' <<< "$out"; then ok "routing list"
else ko "routing list" "exit $st: $out"; fi
"$model" --sim model --d 4 --routing min --traffic bitrev --rate 0.3 --len 8 --cycles 1000 --warmup 100 \
  --quiet --json "$tmp/rt.json"; st=$?
if [ $st = 0 ] && jq -e '.routing == "min" and .lost == 0 and .messages_delivered > 0' "$tmp/rt.json" >/dev/null; then
  ok "routing min on the model"
else ko "routing min on the model" "exit $st"; fi
bin=build/rtl/D2_W16_B2_I4/hcsim
if [ -x "$bin" ]; then
  "$bin" --routing pcube --cycles 100 >"$tmp/out" 2>"$tmp/err"; st=$?
  if [ $st = 2 ] && [ "$(wc -l < "$tmp/err")" = 1 ] && grep -q 'routing pcube runs on the model only' "$tmp/err"; then
    ok "bad input: routing pcube on an RTL build (default --sim both)"
  else ko "bad input: routing pcube on an RTL build (default --sim both)" "exit $st: $(head -c 200 "$tmp/err")"; fi
  out=$("$bin" --routing ecube --sim both --traffic uniform --rate 0.3 --len 8 --cycles 500 --warmup 50 2>&1); st=$?
  if [ $st = 0 ] && grep -qE '^lockstep +match' <<< "$out" && grep -qE '^backend +both \(wormhole, ecube routing\)' <<< "$out"; then
    ok "routing ecube in lockstep"
  else ko "routing ecube in lockstep" "exit $st: $(grep -E 'backend|lockstep|hcsim' <<< "$out" | tr '\n' ' ')"; fi
else ko "routing on an RTL build" "$bin not built"; fi

# ALGO=list names every algorithm with its source
out=$("$model" --algo list 2>&1)
if grep -q '^aap .*001' <<< "$out" && grep -q '^aap_prime ' <<< "$out" && grep -q '^a2a_pairwise ' <<< "$out" \
   && grep -q '^a2a_naive ' <<< "$out" && grep -q '^lcc .*004' <<< "$out" \
   && grep -q '^fft1d_bitrev .*004' <<< "$out" && grep -q '^fft2d_rowcol .*004' <<< "$out"; then ok "algo list"
else ko "algo list" "$out"; fi

# AAP on the model: the JSON report carries the fields, and T_aap with
# xi = 4, tau = 0 (docs/boppana.md) is met exactly: d = 4, k = 8 gives
# 8*15 + 3*15 + 4*16/2 = 197 cycles
"$model" --algo aap --sim model --d 4 --k 8 --quiet --json "$tmp/a.json"; st=$?
missing=""
for k in algo steps xi tau cycles formula_cycles lower_bound_cycles eta data_ok max_step_contention lockstep; do
  jq -e --arg k "$k" 'has($k)' "$tmp/a.json" >/dev/null 2>&1 || missing+=" $k"
done
if [ $st = 0 ] && [ -z "$missing" ] && jq -e '.cycles == 197 and .data_ok == true' "$tmp/a.json" >/dev/null; then
  ok "aap json and exact formula"
else ko "aap json and exact formula" "exit $st, missing:$missing, $(grep cycles "$tmp/a.json" | head -1)"; fi

# The paper's cost model, circuit switching (docs/boppana.md): AAP at
# d = 3, k = 20, tau' = 2, xi' = 5 is T_aap with xi = 9, tau = 4, plus 2:
# 20*7 + 8*7 + 5*3*8/2 + 2 = 258; AAP' at d = 2, k = 20, tau' = 1, xi' = 2
# is T_aap' with xi = 6, tau = 3, plus 2: 19*3 + 2*4/2 + 2(6 + 2*3) - 3 + 2 = 84.
"$model" --algo aap --sim model --d 3 --k 20 --switching circuit --tau 2 --xi 5 --quiet --json "$tmp/c.json"; st=$?
if [ $st = 0 ] && jq -e '.cycles == 258 and .formula_exact == true and .mechanism_cycles == 258 and .mode == "circuit"' \
     "$tmp/c.json" >/dev/null; then ok "circuit aap: T_aap + 2"
else ko "circuit aap: T_aap + 2" "exit $st, $(jq -c '{cycles, formula_cycles, mechanism_cycles}' "$tmp/c.json" 2>&1)"; fi
"$model" --algo aap_prime --sim model --d 2 --k 20 --switching circuit --tau 1 --xi 2 --quiet --json "$tmp/c.json"; st=$?
if [ $st = 0 ] && jq -e '.cycles == 84 and .formula_exact == true and .overlap == true' "$tmp/c.json" >/dev/null; then
  ok "circuit aap_prime n=2: T_aap' + 2"
else ko "circuit aap_prime n=2: T_aap' + 2" "exit $st, $(jq -c '{cycles, formula_cycles}' "$tmp/c.json" 2>&1)"; fi
# n = 3: the premise of T_aap' fails (shared links), printed instead of the formula
out=$("$model" --algo aap_prime --sim model --d 3 --k 40 --switching circuit --tau 1 --xi 2); st=$?
if [ $st = 0 ] && grep -q "formula T_aap' does not apply: step 3" <<< "$out" && grep -q "mechanism [0-9]* (exact)" <<< "$out"; then
  ok "circuit aap_prime n=3: formula does not apply, mechanism exact"
else ko "circuit aap_prime n=3: formula does not apply, mechanism exact" "exit $st, $(grep cycles <<< "$out")"; fi

# LCC: Example 3 of Hou et al. in all three counts, T = 1 after REMAP=opt
"$model" --algo lcc --sim model --d 8 --lcc transpose --quiet --json "$tmp/l.json"; st=$?
if [ $st = 0 ] && jq -e '.t_hardware == [1, 2, 4, 8, 8, 4, 2, 1] and .t_theorem == [1, 2, 4, 8, 8, 4, 2, 1]
     and .agree == true' "$tmp/l.json" >/dev/null; then ok "lcc transpose example 3"
else ko "lcc transpose example 3" "exit $st"; fi
"$model" --algo lcc --sim model --d 8 --lcc transpose --remap opt --quiet --json "$tmp/l.json"; st=$?
if [ $st = 0 ] && jq -e '.t_hardware == [1, 1, 1, 1, 1, 1, 1, 1] and .order == [0, 4, 2, 6, 1, 5, 3, 7]' "$tmp/l.json" >/dev/null; then
  ok "lcc transpose example 4 remap"
else ko "lcc transpose example 4 remap" "exit $st"; fi

# Hou et al. 6.2 on the model, 8-cube, m = 2^14 (k = 1024 one-byte flits):
# the unmapped bit reversal has contention 8 = 2^(n/2-1) (the paper), the
# mapped one 1 and h + k + 1 = 8 + 1024 + 1 cycles of latency (the step
# model), every neighbour exchange 1 + 1024 + 1
"$model" --algo fft1d_bitrev --sim model --d 8 --k 1024 --quiet --json "$tmp/f.json"; st=$?
if [ $st = 0 ] && jq -e '.original.run.steps[0].t_hardware == 8 and .mapping.run.steps[0].t_hardware == 1
     and .mapping.run.steps[0].latency == 1033 and ([.mapping.run.steps[1:][].latency] | unique) == [1026]
     and .points == 64 and .log_size == 14 and .original.run.data_ok and .mapping.run.data_ok' "$tmp/f.json" >/dev/null
then ok "fft1d_bitrev d=8 m=2^14: contention 8 -> 1, step model"
else ko "fft1d_bitrev d=8 m=2^14: contention 8 -> 1, step model" "exit $st"; fi
# The same movement with an adaptive routing (model only, docs/hou.md):
# the unmapped run routes by it, the mapped one stays e-cube; every message
# delivered intact in both; a neighbour exchange has one path under any
# minimal routing, so its latency stays 1 + 16 + 1
"$model" --algo fft1d_bitrev --sim model --d 4 --routing pcube --quiet --json "$tmp/fr.json"; st=$?
if [ $st = 0 ] && jq -e '.routing == "pcube" and .mapping_routing == "ecube" and .original.run.data_ok
     and .mapping.run.data_ok and ([.original.run.steps[1:][].latency] | unique) == [18]' "$tmp/fr.json" >/dev/null
then ok "fft1d_bitrev d=4 routing pcube on the model: data ok"
else ko "fft1d_bitrev d=4 routing pcube on the model: data ok" "exit $st"; fi

# Store-and-forward schedules on the model: the JSON fields of the issue,
# and the papers' formulas met exactly (000 §2: m + d beta = 64 + 4*4 = 80;
# 000 §6: 2^(d-1) m + d beta = 4*12 + 3*5 = 63; 002 §4: 2^(d-1) (beta + k)
# = 8*(3+2) = 40).
sfcase() { # name expected-cycles args... (--sim model unless args give --sim)
  local name=$1 want=$2; shift 2
  local sim=(--sim model); [[ " $* " == *" --sim "* ]] && sim=()
  "$model" "${sim[@]}" --quiet --json "$tmp/s.json" "$@"; local st=$?
  local missing=""
  for k in algo cycles formula_cycles lower_bound_cycles data_ok lockstep; do
    jq -e --arg k "$k" 'has($k)' "$tmp/s.json" >/dev/null 2>&1 || missing+=" $k"
  done
  if [ $st = 0 ] && [ -z "$missing" ] && jq -e --argjson w "$want" '.cycles == $w and .formula_cycles == $w and .data_ok == true' "$tmp/s.json" >/dev/null; then
    ok "sf $name: json and exact formula"
  else ko "sf $name: json and exact formula" "exit $st, missing:$missing, $(tr -d '\n' < "$tmp/s.json" | head -c 300)"; fi
}
sfcase broadcast2 80 --algo broadcast2 --d 4 --m 64 --beta 4
sfcase complete_exchange 63 --algo complete_exchange --d 3 --m 12 --beta 5
sfcase total_exchange 40 --algo total_exchange --d 4 --k 2 --beta 3
# 002 Table 1: ceil((2^d-1)/d) units of k + beta cycles (d = 4: 4 x 7; d = 5: 7 x 5),
# and the time in units and the transmissions (hardware counters) at the optimum.
sfcase multinode_broadcast 28 --algo multinode_broadcast --d 4 --k 4 --beta 3
sfcase single_node_scatter 35 --algo single_node_scatter --d 5 --k 2 --beta 3 --src 9
sfunits() { # name units transmissions args...
  local name=$1 u=$2 tx=$3; shift 3
  "$model" --sim model --quiet --json "$tmp/u.json" "$@"; local st=$?
  if [ $st = 0 ] && jq -e --argjson u "$u" --argjson t "$tx" '.units == $u and .optimal_units == $u and
       .transmissions == $t and .optimal_transmissions == $t' "$tmp/u.json" >/dev/null; then ok "sf $name: units and transmissions"
  else ko "sf $name: units and transmissions" "exit $st, $(tr -d '\n' < "$tmp/u.json" | head -c 300)"; fi
}
sfunits multinode_broadcast 7 992 --algo multinode_broadcast --d 5 --k 1 --beta 3
sfunits single_node_scatter 11 192 --algo single_node_scatter --d 6 --k 3 --beta 4 --src 33
sfunits total_exchange 8 512 --algo total_exchange --d 4 --k 2 --beta 3
# The reference executor at the paper's beta = 0 (000 §2: m + d beta = 64).
sfcase broadcast2_exec 64 --algo broadcast2 --d 4 --m 64 --beta 0 --sim exec
# COMPLETE EXCHANGE with m = 64, which 3 does not divide: pieces rounded up,
# sum_n C(3,n-1) n ceil(64/n) + 4 beta = 64 + 192 + 198 + 64 + 16 = 534
# (the paper's 2^3 64 + 16 = 528 needs m a multiple of lcm(1..4) = 12).
sfcase complete_exchange_rounded 534 --algo complete_exchange --d 4 --m 64 --beta 4
# 003 (Johnsson): the paper's routing steps times K + beta cycles, on the model.
# SBT: n = 3 steps x (2 + 3); Lemma 3.5: 2(N-1) + n = 2*7 + 3 = 17 steps x 5;
# Thm 3.6: 1 step x 7; Thm 3.7: n - 1 = 3 steps x 5 (d = 5); Thms 4.1, 4.2 at
# d = 4, N = 8: 2^2 + 4 - 1 = 7 steps x 5; Cor. 4.1: 2(4-1) = 6 steps x 5;
# Cor. 4.2: (ceil(4/2) + 1) 2 = 6 steps x 5.
sfsteps() { # name steps cycles args...
  local name=$1 st=$2 cy=$3; shift 3
  "$model" --sim model --quiet --json "$tmp/j.json" "$@"; local rc=$?
  if [ $rc = 0 ] && jq -e --argjson s "$st" --argjson c "$cy" '.steps == $s and .paper_steps == $s and
       .cycles == $c and .formula_cycles == $c and .data_ok == true' "$tmp/j.json" >/dev/null; then ok "sf $name: 003 steps"
  else ko "sf $name: 003 steps" "exit $rc, $(tr -d '\n' < "$tmp/j.json" | head -c 300)"; fi
}
sfsteps sbt 3 15 --algo sbt --d 3 --k 2 --beta 3 --src 5
sfsteps sbt_seq 17 85 --algo sbt_seq --d 3 --k 2 --beta 3
sfsteps cbt_interior 1 7 --algo cbt_interior --d 4 --k 4 --beta 3
sfsteps cbt_bcast 3 15 --algo cbt_bcast --d 5 --k 2 --beta 3
sfsteps cbt_reduce 3 15 --algo cbt_reduce --d 5 --k 2 --beta 3
sfsteps transpose_bin 7 35 --algo transpose_bin --d 4 --k 2 --beta 3 --n 8
sfsteps transpose_gray 7 35 --algo transpose_gray --d 4 --k 2 --beta 3 --n 8
sfsteps transpose_mesh 6 30 --algo transpose_mesh --d 4 --k 2 --beta 3
sfsteps transpose_torus 6 30 --algo transpose_torus --d 4 --k 2 --beta 3 --n 8

# Node programs (003 §5, §6; docs/johnsson.md): bad sizes get one line and
# exit 2; one small model run each is checked for the product against the
# host's, and for the communication steps (cycles / (1 + beta)) equal to the
# first-principles count written here (k = 2, 2^k = 4, M = N/4):
# MMC1, MMC2, MMC3 2^k M^2 + k - 1; MMC4.1 2^k (M^2 + k - 1); MMC4.2
# 2^(k-1) M^2; Gauss-Jordan 2N (M + k - 1); the column sweep (N - 1)(2R + k - 1);
# the triangulation 2^k sum over J < M of (M - J) + (W - J) + 2(k - 1), W = M +
# R/2^k; the block solver (R + k - 1) + (M - 1)(R + k - 1 + kR); the one by
# Cannon 2^k max(M - 1, R/2^k) + k - 1 at M = 2.
bad "np N not a power of two" --algo mmc2 --sim model --d 4 --n 12
bad "np N below 2^k" --algo mmc2 --sim model --d 4 --n 2
bad "np matrix does not fit the nodes' memory" --algo mmc3 --sim model --d 2 --n 1024
bad "np odd d" --algo mmc1 --sim model --d 3
bad "np K given" --algo mmc2 --sim model --d 4 --k 4
bad "np M given" --algo mmc41 --sim model --d 4 --m 4
bad "np beta below the hardware's 3" --algo mmc42 --sim model --d 4 --beta 2
bad "np R given to a program without right-hand sides" --algo mmc2 --sim model --d 4 --rhs 2
bad "np R not a multiple of 2^k" --algo trsv_mm --sim model --d 4 --rhs 6
bad "np no right-hand side" --algo trsv --sim model --d 4 --rhs 0
bad "np exec with a waveform" --algo gj --sim exec --d 2 --waves "$tmp/w.fst"
npcase() { # name steps args...
  local name=$1 want=$2; shift 2
  "$model" --quiet --json "$tmp/np.json" "$@"; local st=$?
  if [ $st = 0 ] && jq -e --argjson w "$want" '.data_ok == true and .steps == $w and .steps_first_principles == $w
       and .steps_exact == true and .lockstep != null' "$tmp/np.json" >/dev/null 2>&1; then ok "np $name: product and steps"
  else ko "np $name: product and steps" "exit $st, $(tr -d '\n' < "$tmp/np.json" | head -c 300)"; fi
}
npcase mmc1 17 --algo mmc1 --sim model --d 4 --n 8 --beta 3
npcase mmc2 17 --algo mmc2 --sim model --d 4 --n 8 --beta 5
npcase mmc3 17 --algo mmc3 --sim model --d 4 --n 8 --beta 3
npcase mmc41 20 --algo mmc41 --sim model --d 4 --n 8 --beta 4
npcase mmc42 8 --algo mmc42 --sim model --d 4 --n 8 --beta 3
npcase gj 16 --algo gj --sim model --d 4 --n 4 --beta 3
npcase trsv 9 --algo trsv --sim model --d 4 --beta 3
npcase trsv_n8_r3 49 --algo trsv --sim model --d 4 --n 8 --rhs 3 --beta 3
npcase lu 48 --algo lu --sim model --d 4 --n 8 --beta 3
npcase trsv_blk 6 --algo trsv_blk --sim model --d 4 --n 8 --beta 4
npcase trsv_mm 5 --algo trsv_mm --sim model --d 4 --n 8 --beta 3
# Theorem 5.1 at M = 1 on the executor with the paper's beta = 0: 2^k + k - 1 = 10 (k = 3)
npcase mmc2_exec 10 --algo mmc2 --sim exec --d 6 --n 8 --beta 0
if jq -e '.paper_steps == 10' "$tmp/np.json" >/dev/null 2>&1; then ok "np mmc2: the paper's count at M = 1"
else ko "np mmc2: the paper's count at M = 1" "$(tr -d '\n' < "$tmp/np.json" | head -c 300)"; fi
out=$("$model" --algo list 2>&1)
if grep -q '^mmc1 .*003 .*§5\.1' <<< "$out" && grep -q '^mmc2 .*003 .*§5\.2' <<< "$out" \
   && grep -q '^mmc3 .*003 .*§5\.3' <<< "$out" && grep -q '^mmc41 .*003 .*§5\.4\.1' <<< "$out" \
   && grep -q '^mmc42 .*003 .*§5\.4\.2' <<< "$out" && grep -q '^gj .*003 .*§6\.1' <<< "$out" \
   && grep -q '^trsv .*003 .*§6\.4\.1' <<< "$out" && grep -q '^lu .*003 .*§6\.2.*RHS' <<< "$out" \
   && grep -q '^trsv_blk .*003 .*§6\.4\.2' <<< "$out" && grep -q '^trsv_mm .*003 .*§6\.4\.3' <<< "$out"; then
  ok "algo list: node programs with their sections"
else ko "algo list: node programs with their sections" "$(grep -E '^(mmc|gj|lu|trsv)' <<< "$out")"; fi

# A schedule file: by hand from section 1 of docs/store_and_forward.md with
# beta = 5: node 0's packets on link (0,0) run in 0..8 and 9..15 (finish 9,
# 16), on (0,1) in 0..7 (finish 8); node 1 forwards from 9 (finish 18);
# node 3's packet runs in 0..5. Completion 18; the data are checked against
# the executor's final memory.
"$model" --algo sched --sched docs/examples/two_cube.hcs --d 2 --beta 5 --sim model --quiet --json "$tmp/f.json"; st=$?
if [ $st = 0 ] && jq -e '.cycles == 18 and .data_ok == true and .formula_cycles == null' "$tmp/f.json" >/dev/null; then ok "sched file: completion by hand, data"
else ko "sched file: completion by hand, data" "exit $st, $(tr -d '\n' < "$tmp/f.json" | head -c 300)"; fi

# Store-and-forward by header: the JSON says so, and nothing is lost.
"$model" --sim model --d 4 --mode saf --buf 8 --len 8 --rate 0.05 --cycles 2000 --warmup 200 --quiet --json "$tmp/saf.json"; st=$?
if [ $st = 0 ] && grep -q '"mode": "saf"' "$tmp/saf.json" && grep -q '"lost": 0' "$tmp/saf.json"; then ok "saf traffic json"
else ko "saf traffic json" "exit $st"; fi

# JSON report fields
"$model" --sim model --d 3 --cycles 500 --warmup 100 --json "$tmp/r.json" >/dev/null 2>&1
missing=""
for k in backend mode d cycles messages_injected messages_delivered lost duplicated corrupted \
         lockstep avg_latency throughput max_queue routing channels node dim flits messages busy_cycles blocked_cycles; do
  grep -q "\"$k\"" "$tmp/r.json" || missing+=" $k"
done
if [ -z "$missing" ]; then ok "json fields"; else ko "json fields" "missing:$missing"; fi
if python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/r.json" 2>/dev/null || ! command -v python3 >/dev/null; then
  ok "json parses"
else ko "json parses" "invalid JSON"; fi

# zero load from a file: one message per node across dimension 1, L = 7:
# h = 1, so every latency is h + L + 1 = 9 (avg and max alike)
for x in $(seq 0 15); do echo "0 $x $((x ^ 2)) 7"; done > "$tmp/one_per_node.txt"
out=$("$model" --sim model --d 4 --file "$tmp/one_per_node.txt" --cycles 10 --warmup 0 2>&1)
if grep -qE '^latency +avg 9(\.0+)? cycles, max 9 ' <<< "$out"; then ok "zero-load latency from a file"
else ko "zero-load latency from a file" "$(grep latency <<< "$out")"; fi
# the same with the registered route: 2h + L + 2 = 11 (docs/microarchitecture.md)
out=$("$model" --sim model --d 4 --route-reg 1 --file "$tmp/one_per_node.txt" --cycles 10 --warmup 0 2>&1)
if grep -qE '^latency +avg 11(\.0+)? cycles, max 11 ' <<< "$out" && grep -q 'registered route' <<< "$out"; then
  ok "zero-load latency from a file, registered route"
else ko "zero-load latency from a file, registered route" "$(grep -E 'latency|network' <<< "$out")"; fi

# lockstep through hcsim for d = 2..5 (make test: the cubes it builds,
# HC_CLI_LOCKSTEP_CFGS, node-sharded ones too), light load to saturation
for cfg in ${HC_CLI_LOCKSTEP_CFGS:-D2_W16_B2_I4 D3_W16_B2_I4 D4_W16_B2_I4 D5_W16_B2_I4}; do
  d=${cfg%%_*}; d=${d#D}
  bin=build/rtl/$cfg/hcsim
  [ -x "$bin" ] || { ko "lockstep d=$d" "$bin not built"; continue; }
  for tr in uniform bitrev transpose; do
    for rate in 0.05 0.3 1.0; do
      out=$("$bin" --sim both --traffic $tr --rate $rate --len 16 --cycles 1500 --warmup 200 2>&1); st=$?
      if [ $st = 0 ] && grep -qE '^lockstep +match' <<< "$out" && grep -qE 'lost 0, duplicated 0, corrupted 0' <<< "$out"; then
        ok "lockstep d=$d $tr rate $rate"
      else
        ko "lockstep d=$d $tr rate $rate" "exit $st: $(grep -E 'lockstep|scoreboard|mismatch' <<< "$out" | tr '\n' ' ')"
      fi
    done
  done
done

# The node-sharded RTL (D >= 5, docs/architecture.md) through hcsim: a short
# lockstep of the 6-cube, and --waves refused (one line, exit 2), since its
# waveform would lack hc_network's names (make sim WAVES=1 builds _H)
bin=build/rtl/D6_W16_B2_I4/hcsim
if [ -x "$bin" ]; then
  out=$("$bin" --sim both --traffic uniform --rate 0.2 --len 8 --cycles 300 --warmup 50 2>&1); st=$?
  if [ $st = 0 ] && grep -qE '^lockstep +match' <<< "$out" && grep -qE 'lost 0, duplicated 0, corrupted 0' <<< "$out"; then
    ok "node-sharded RTL d=6 in lockstep"
  else ko "node-sharded RTL d=6 in lockstep" "exit $st: $(grep -E 'lockstep|scoreboard|mismatch' <<< "$out" | tr '\n' ' ')"; fi
  out=$("$bin" --sim both --cycles 10 --warmup 0 --waves "$tmp/nowave.fst" 2>&1); st=$?
  if [ $st = 2 ] && [ "$(wc -l <<< "$out")" = 1 ] && grep -q 'no waveform' <<< "$out" && [ ! -e "$tmp/nowave.fst" ]; then
    ok "node-sharded RTL refuses --waves"
  else ko "node-sharded RTL refuses --waves" "exit $st: $out"; fi
else
  echo "SKIP node-sharded RTL: $bin not built"
fi

# ALGO runs on the RTL in lockstep through hcsim, and the LCC remap too
bin=build/rtl/D4_W16_B2_I4/hcsim
for a in aap aap_prime a2a_naive; do
  out=$("$bin" --algo $a --sim both --k 8 2>&1); st=$?
  if [ $st = 0 ] && grep -qE '^lockstep +match' <<< "$out" && grep -qE '^data +ok' <<< "$out"; then ok "algo $a lockstep d=4"
  else ko "algo $a lockstep d=4" "exit $st: $(grep -E 'lockstep|data|mismatch|cycles' <<< "$out" | tr '\n' ' ')"; fi
done
for r in none opt; do
  out=$("$bin" --algo lcc --lcc bitrev --remap $r --sim both 2>&1); st=$?
  if [ $st = 0 ] && grep -qE '^lockstep +match' <<< "$out" && grep -qE '^agree +yes' <<< "$out"; then ok "lcc bitrev remap $r lockstep d=4"
  else ko "lcc bitrev remap $r lockstep d=4" "exit $st: $(tr '\n' ' ' <<< "$out" | head -c 300)"; fi
done
for a in fft1d_bitrev fft2d_rowcol; do
  out=$("$bin" --algo $a --sim both --k 16 2>&1); st=$?
  if [ $st = 0 ] && grep -qE '^lockstep +match' <<< "$out" && [ "$(grep -c 'data ok' <<< "$out")" = 2 ]; then
    ok "$a lockstep d=4 without and with the mapping"
  else ko "$a lockstep d=4 without and with the mapping" "exit $st: $(grep -E 'lockstep|data|mismatch|DIFFERS' <<< "$out" | tr '\n' ' ')"; fi
done

# WAVES: the RTL run leaves an FST that GTKWave's own reader opens, with the
# network's link signals in it
bin=build/rtl/D2_W16_B2_I4/hcsim
if [ -x "$bin" ] && "$bin" --sim rtl --cycles 200 --warmup 0 --waves "$tmp/w.fst" >/dev/null 2>&1 \
   && fst2vcd "$tmp/w.fst" > "$tmp/w.vcd" 2>/dev/null && grep -q 'link_flit_o' "$tmp/w.vcd" \
   && grep -q 'gen_link' "$tmp/w.gtkw"; then
  ok "waveform written and readable"
else
  ko "waveform written and readable" "no FST with link_flit_o from $bin"
fi
# Every signal the GTKWave save file shows is in the waveform (a renamed RTL
# signal would otherwise leave an empty trace): the VCD's scopes give full names.
if [ -s "$tmp/w.vcd" ] && [ -s "$tmp/w.gtkw" ]; then
  awk '$1 == "$scope" { s[++n] = $3 } $1 == "$upscope" { n-- }
       $1 == "$var" { p = ""; for (i = 1; i <= n; i++) p = p (i > 1 ? "." : "") s[i]; print p "." $5 }' \
      "$tmp/w.vcd" | LC_ALL=C sort -u > "$tmp/w.names"
  # names as they are, or under an alias ("+{alias} name")
  missing=$(sed -n -e 's/^+{[^}]*} //p' -e '/^tb\./p' "$tmp/w.gtkw" | sed 's/\[[0-9]*:[0-9]*\]$//' | LC_ALL=C sort -u \
            | LC_ALL=C comm -23 - "$tmp/w.names")
  if [ -z "$missing" ] && grep -q 'pout_valid' "$tmp/w.gtkw" && grep -q 'gen_dim\[0\].heads_waiting' "$tmp/w.gtkw"; then
    ok "every signal of the GTKWave view is in the waveform (links, dimensions, ejection, probes and acknowledgements)"
  else
    ko "every signal of the GTKWave view is in the waveform" "missing: $(head -3 <<< "$missing" | tr '\n' ' ')"
  fi
fi

# The store-and-forward geometry (docs/store_and_forward.md, section 7.2).
# The model sizes itself to the case: BROADCAST 2 with m = 4096 at d = 2
# needs 2^12-word banks, which the default 2^11 does not have.
"$model" --algo broadcast2 --sim model --d 2 --m 4096 --json "$tmp/g.json" > "$tmp/g.out" 2>&1; st=$?
if [ $st = 0 ] && grep -qE '^geometry +BankAW 12, SegAW 10, DescAW 6 \(sized to the case' "$tmp/g.out" \
   && jq -e '.geometry.bank_aw == 12 and .geometry_needed.bank_aw == 12 and .load_path == "backdoor" and .data_ok' \
        "$tmp/g.json" >/dev/null 2>&1; then ok "sf model sized to the case"
else ko "sf model sized to the case" "exit $st: $(grep -E 'geometry|hcsim' "$tmp/g.out" | tr '\n' ' ')"; fi
# The default RTL build cannot hold it: one line naming the limit, the
# geometry and the make command; the build with SFGEOM=12,4,3 (BankAW 12,
# and tables smaller than the default: SegAW 4, DescAW 3) runs it in lockstep.
bin=build/rtl/D2_W16_B2_I4/hcsim
if [ -x "$bin" ]; then
  "$bin" --algo broadcast2 --sim both --m 4096 >"$tmp/out" 2>"$tmp/err"; st=$?
  if [ $st = 2 ] && [ "$(wc -l < "$tmp/err")" = 1 ] && grep -q 'BankAW = 12 holds it' "$tmp/err" \
     && grep -q 'make sim ALGO=broadcast2 D=2 SFGEOM=12,10,6' "$tmp/err"; then ok "bad input: sf case too big for the RTL build"
  else ko "bad input: sf case too big for the RTL build" "exit $st: $(head -c 300 "$tmp/err")"; fi
else ko "bad input: sf case too big for the RTL build" "$bin not built"; fi
bin=build/rtl/D1_W16_B2_I4_G12.4.3/hcsim
if [ -x "$bin" ]; then
  out=$("$bin" --algo broadcast2 --sim both --m 4096 2>&1); st=$?
  if [ $st = 0 ] && grep -qE '^lockstep +match' <<< "$out" && grep -qE '^geometry +BankAW 12, SegAW 4, DescAW 3 \(the RTL' <<< "$out" \
     && grep -qE '^data +[0-9]+ words compared, all equal' <<< "$out"; then ok "sf lockstep with SFGEOM=12,4,3"
  else ko "sf lockstep with SFGEOM=12,4,3" "exit $st: $(grep -E 'geometry|lockstep|data|hcsim' <<< "$out" | tr '\n' ' ')"; fi
  # its smaller tables (SegAW 4, DescAW 3) hold the total exchange at d = 1, K = 1
  out=$("$bin" --algo total_exchange --sim both --k 1 2>&1); st=$?
  if [ $st = 0 ] && grep -qE '^lockstep +match' <<< "$out"; then ok "sf total_exchange lockstep with SFGEOM=12,4,3"
  else ko "sf total_exchange lockstep with SFGEOM=12,4,3" "exit $st: $(tr '\n' ' ' <<< "$out" | head -c 300)"; fi
else ko "sf lockstep with SFGEOM=12,4,3" "$bin not built"; fi

# 003 (Johnsson) §3.1-3.3: refusals (one line, exit 2), and one small model
# run of each schedule whose routing steps, cycles / (k + beta), equal the
# paper's count: the dilation of the Gray-coded loop (Lemmas 3.1, 3.2: 1 for
# N = 6, 2 for N = 7), n + M - 2 (Cor. 3.4: 4 + 3 - 2 = 5 at N = 48), 2
# popcount(DST) - DST mod 2 (§3.1.4: DST = 6 -> 4), N/2^(d+1) + d - 1 (Thms
# 3.1, 3.3: 64/16 + 2 = 6), 2^(2(n-k)-1) + 2k - 1 (Thm 3.2: N = 8, k = 2:
# 2 + 3 = 5).
bad "jo loop N not in 2^(d-1)+1..2^d" --algo gray_loop_nn --sim model --d 4 --n 8
bad "jo loop at d = 1" --algo gray_loop_nn --sim model --d 1
bad "jo gray2bin N not a multiple of 2^d" --algo gray2bin --sim model --d 3 --n 12
bad "jo bin2gray at d = 1" --algo bin2gray --sim model --d 1
bad "jo rotate DST 0" --algo gray_rotate --sim model --d 3 --dst 0
bad "jo rotate DST 2^d" --algo gray_rotate --sim model --d 3 --dst 8
bad "jo rotate given N" --algo gray_rotate --sim model --d 3 --n 8
bad "jo cons2cyc N not a power of two" --algo cons2cyc --sim model --d 3 --n 48
bad "jo cons2cyc N = 2^d" --algo cons2cyc --sim model --d 3 --n 8
bad "jo cons2cyc given DST" --algo cons2cyc --sim model --d 3 --dst 1
bad "jo cons2cyc_matrix odd d" --algo cons2cyc_matrix --sim model --d 3
bad "jo cyc2cons_gray N too small" --algo cyc2cons_gray --sim model --d 2 --n 4
jocase() { # name steps args...
  local name=$1 want=$2; shift 2
  "$model" --sim model --quiet --json "$tmp/j.json" "$@"; local st=$?
  if [ $st = 0 ] && jq -e --argjson w "$want" '.steps == $w and .paper_steps == $w and .data_ok == true and
       .cycles == .formula_cycles and .cycles == $w * (.k + .beta)' "$tmp/j.json" >/dev/null 2>&1; then
    ok "jo $name: $want steps, the paper's"
  else ko "jo $name: $want steps, the paper's" "exit $st, $(tr -d '\n' < "$tmp/j.json" | head -c 300)"; fi
}
jocase gray_loop_nn 1 --algo gray_loop_nn --d 3 --n 6 --k 2 --beta 3
jocase gray_loop_nn_odd 2 --algo gray_loop_nn --d 3 --n 7 --k 2 --beta 5
jocase gray2bin 5 --algo gray2bin --d 4 --n 48 --k 2 --beta 3
jocase bin2gray 3 --algo bin2gray --d 4 --k 1 --beta 5
jocase gray_rotate 4 --algo gray_rotate --d 3 --dst 6 --k 2 --beta 3
jocase cons2cyc 6 --algo cons2cyc --d 3 --n 64 --k 2 --beta 3
jocase cyc2cons 6 --algo cyc2cons --d 3 --n 64 --k 1 --beta 5
jocase cons2cyc_matrix 5 --algo cons2cyc_matrix --d 4 --n 8 --k 2 --beta 3
jocase cyc2cons_matrix 5 --algo cyc2cons_matrix --d 4 --n 8 --k 2 --beta 5
jocase cons2cyc_gray 6 --algo cons2cyc_gray --d 3 --n 64 --k 2 --beta 3
jocase cyc2cons_gray 6 --algo cyc2cons_gray --d 3 --n 64 --k 2 --beta 5

# Statistics (docs/hcsim.md, "Statistics"). Bad values first.
bad "sample period zero" --sim model --sample-period 0
bad "more than 10^6 sample periods" --sim model --cycles 3000000 --warmup 0 --sample-period 1
bad "flows at d = 11" --sim model --d 11 --cycles 100 --warmup 10 --flows
bad "sample period for an algorithm" --algo aap --sim model --sample-period 100
# Overload by first principles: every node sends all its messages to node 0,
# 16 x 0.2 = 3.2 flits/cycle into an ejection port that takes 1: latency keeps
# growing (unstable), and the hot node accepts exactly one flit every cycle.
"$model" --sim model --d 4 --traffic hotspot --hot-frac 1 --rate 0.2 --len 4 --cycles 11000 --quiet \
  --json "$tmp/hs.json"; st=$?
if [ $st = 0 ] && jq -e '.verdict == "unstable" and .accepted_per_node.max == 1 and .latency_growth > 0' \
     "$tmp/hs.json" >/dev/null; then ok "stats: hotspot overload is unstable, the hot node accepts 1 flit/cycle"
else ko "stats: hotspot overload" "exit $st, $(jq -c '{verdict, accepted_per_node, latency_growth}' "$tmp/hs.json" 2>&1)"; fi
# Light uniform load: stable, and the figures agree with each other: packet
# latency = queueing + network on average, the histogram, the periods and
# the flows each account for every measured message, the periods' flits
# for the window's throughput, and no hop count exceeds d.
"$model" --sim model --d 4 --rate 0.05 --len 4 --cycles 11000 --quiet --flows --json "$tmp/st.json"; st=$?
if [ $st = 0 ] && jq -e '.verdict == "stable" and .sample_period == 1000 and (.periods | length) == 10 and
     (.packet_latency.mean - .network_latency.mean - .queueing_delay.mean | fabs) < 1e-9 and
     .packet_latency.n == .measured_messages and (.latency_histogram.counts | add) == .measured_messages and
     ([.periods[].messages] | add) == .measured_messages and ([.flows[].messages] | add) == .measured_messages and
     (([.periods[].flits] | add) - .throughput * 10000 * 16 | fabs) < 1e-6 and .hops.max <= 4 and
     .packet_latency.p50 <= .packet_latency.p90 and .packet_latency.p99 <= .packet_latency.max and
     .accepted_per_node.min <= .accepted_per_node.avg and .accepted_per_node.avg <= .accepted_per_node.max' \
     "$tmp/st.json" >/dev/null; then ok "stats: light uniform load is stable and its figures add up"
else ko "stats: light uniform load" "exit $st, $(jq -c '{verdict, packet_latency, network_latency, queueing_delay}' "$tmp/st.json" 2>&1)"; fi
# The histogram as a picture (gnuplot): a PNG file, and a refusal for a JSON without one.
if tools/latency_plot.sh "$tmp/st.json" "$tmp/st.png" >/dev/null 2>&1 && [ "$(head -c 4 "$tmp/st.png" | tail -c 3)" = PNG ]; then
  ok "stats: latency histogram PNG"
else ko "stats: latency histogram PNG" "$(tools/latency_plot.sh "$tmp/st.json" "$tmp/st.png" 2>&1 | tail -1)"; fi
echo '{"algo": "aap"}' > "$tmp/nohist.json"
tools/latency_plot.sh "$tmp/nohist.json" "$tmp/no.png" >/dev/null 2>"$tmp/err"; st=$?
if [ $st = 2 ] && [ "$(wc -l < "$tmp/err")" = 1 ] && [ ! -e "$tmp/no.png" ]; then ok "stats: latency_plot refuses a JSON without a histogram"
else ko "stats: latency_plot refusal" "exit $st, $(cat "$tmp/err")"; fi
# Bit reversal with --flows: every flow goes from x to the reverse of x's bits.
"$model" --sim model --d 4 --traffic bitrev --rate 0.05 --len 4 --cycles 3000 --quiet --flows --json "$tmp/fl.json"; st=$?
badflow=$(jq -r '.flows[] | "\(.src) \(.dest)"' "$tmp/fl.json" 2>/dev/null | while read -r s dd; do
  r=$(( ((s & 1) << 3) | ((s & 2) << 1) | ((s & 4) >> 1) | ((s & 8) >> 3) ))
  [ "$r" = "$dd" ] || echo "$s->$dd"; done)
if [ $st = 0 ] && [ -z "$badflow" ] && jq -e '(.flows | length) > 0' "$tmp/fl.json" >/dev/null; then
  ok "stats: bitrev flows are x -> reverse(x)"
else ko "stats: bitrev flows" "exit $st, wrong: $badflow"; fi

# The CSV trace form: the shipped sample runs and loses nothing, every data
# line is one message, and the same messages written blank-separated give
# the same report (the two forms are one format).
smp=docs/examples/trace_sample.csv
"$model" --sim model --d 4 --file "$smp" --cycles 3000 --warmup 100 --quiet --json "$tmp/csv.json"; st=$?
nlines=$(grep -c '^[0-9]' "$smp")
grep '^[0-9]' "$smp" | tr ',' ' ' > "$tmp/blank.txt"
"$model" --sim model --d 4 --file "$tmp/blank.txt" --cycles 3000 --warmup 100 --quiet --json "$tmp/blank.json"
if [ $st = 0 ] && jq -e --argjson n "$nlines" '.messages_injected == $n and .lost == 0 and .drained' "$tmp/csv.json" >/dev/null &&
   [ "$(jq -c 'del(.file)' "$tmp/csv.json")" = "$(jq -c 'del(.file)' "$tmp/blank.json")" ]; then
  ok "csv trace: the sample's $nlines messages, the same report as the blank-separated form"
else ko "csv trace sample" "exit $st, $(jq -c '{messages_injected, lost}' "$tmp/csv.json" 2>&1), lines $nlines"; fi
printf 'cycle,src,dest,len\n0,1,2,3\n5,1,2\n' > "$tmp/c1.csv"
bad "csv: two commas" --sim model --d 4 --file "$tmp/c1.csv"
printf 'cycle,src,dest,len\n0,1,,3\n' > "$tmp/c2.csv"
bad "csv: an empty field" --sim model --d 4 --file "$tmp/c2.csv"
printf 'cycle,src,dest,len\n0 1 2 3\n' > "$tmp/c3.csv"
bad "csv: a blank-separated line after the header" --sim model --d 4 --file "$tmp/c3.csv"
printf '0 1 2 3\ncycle,src,dest,len\n' > "$tmp/c4.csv"
bad "csv: a header after the first message" --sim model --d 4 --file "$tmp/c4.csv"
printf '# a comment\r\ncycle,src,dest,len\r\n0,1,16,3\r\n' > "$tmp/c5.csv"
"$model" --sim model --d 4 --file "$tmp/c5.csv" --cycles 10 --warmup 0 --quiet 2>"$tmp/err"; st=$?
if [ $st = 2 ] && grep -q "c5.csv:3: dest '16' is not a node of the 4-cube" "$tmp/err"; then ok "csv: a bad field named by line (CRLF file)"
else ko "csv: a bad field named by line" "exit $st: $(cat "$tmp/err")"; fi

# netrace traces (docs/hcsim.md, "netrace traces"), against an independent
# reading of the format (tests/cli/netrace_ref.py: Python's struct over its
# bz2 module; one process writes the hand-made traces and decodes the
# sample, one checks the replays). The shipped sample (booksim/netrace's
# example, 64 nodes, so d = 6): the header and the counts as decoded there,
# every packet delivered intact at its destination with its flits, and each
# created as the dependency rule computed there says (the later of its
# cycle and the cycle after the last delivery of a packet listing it);
# without dependencies at its cycle. Region 1 of a hand-made two-region
# trace: its cycles from the region's first (20), by the same rule.
nref() { python3 tests/cli/netrace_ref.py "$@"; }
ntr=tests/data/netrace/example.tra.bz2
nt_ref=$(nref write "$tmp" "$ntr")
for deps in on off; do
  "$model" --sim model --d 6 --traffic netrace --file "$ntr" --deps $deps --quiet --json "$tmp/nt_$deps.json" \
    --deliveries "$tmp/nt_$deps.dl" 2>"$tmp/nt_$deps.err"; echo $? > "$tmp/nt_$deps.st"
done
"$model" --sim model --d 2 --traffic netrace --file "$tmp/nt_regions.tra.bz2" --region 1 --quiet --json "$tmp/nt_reg.json" \
  --deliveries "$tmp/nt_reg.dl" 2>"$tmp/nt_reg.err"; echo $? > "$tmp/nt_reg.st"
nt_chk=$(nref check "$ntr" "$tmp/nt_on.dl" on all "$ntr" "$tmp/nt_off.dl" off all "$tmp/nt_regions.tra.bz2" "$tmp/nt_reg.dl" on 1)
k=0
for deps in on off; do
  k=$((k + 1)); chk=$(sed -n ${k}p <<< "$nt_chk"); st=$(cat "$tmp/nt_$deps.st")
  if [ "$st" = 0 ] && [ "${chk%%:*}" = ok ] && jq -e --argjson r "$nt_ref" '.netrace as $n |
       $n.benchmark == $r.benchmark and $n.trace_nodes == $r.nodes and $n.trace_cycles == $r.cycles and
       $n.trace_packets == $r.packets and $n.notes == $r.notes and $n.packets_replayed == $r.replayed and
       .messages_injected == $r.replayed and .messages_delivered == $r.replayed and .lost == 0 and
       .duplicated == 0 and .corrupted == 0 and .flits_delivered == $r.flits and
       .traffic_cycles == $r.last_cycle + 1 and .warmup == 0 and
       $n.dependency_waits == (if $n.dependencies then $r.waits else 0 end)' "$tmp/nt_$deps.json" >/dev/null; then
    ok "netrace sample, dependencies $deps: $(jq -r '.netrace.benchmark' "$tmp/nt_$deps.json"), $chk"
  else ko "netrace sample, dependencies $deps" "exit $st: $chk $(head -c 200 "$tmp/nt_$deps.err")"; fi
done
chk=$(sed -n 3p <<< "$nt_chk"); st=$(cat "$tmp/nt_reg.st")
if [ "$st" = 0 ] && [ "${chk%%:*}" = ok ] && jq -e '.netrace.base_cycle == 20 and .netrace.packets_replayed == 2 and .traffic_cycles == 3' \
     "$tmp/nt_reg.json" >/dev/null; then ok "netrace region 1 of 2: $chk"
else ko "netrace region 1 of 2" "exit $st: $chk $(head -c 200 "$tmp/nt_reg.err")"; fi
bin=build/rtl/D6_W16_B2_I4/hcsim
if [ -x "$bin" ]; then # the RTL in lockstep on its first 500 cycles (63 packets, 43 held by their
  # dependencies; the whole sample takes 6.6 CPU-s there): the model's deliveries, cycle for cycle
  "$model" --sim model --d 6 --traffic netrace --file "$ntr" --cycles 500 --quiet --deliveries "$tmp/nt_500.dl" 2>/dev/null
  "$bin" --sim both --traffic netrace --file "$ntr" --cycles 500 --quiet --json "$tmp/nt_rtl.json" \
    --deliveries "$tmp/nt_rtl.dl" 2>"$tmp/err"; st=$?
  if [ $st = 0 ] && [ "$(jq -r .lockstep "$tmp/nt_rtl.json")" = match ] && [ "$(grep -vc '^#' "$tmp/nt_rtl.dl")" = 63 ] \
     && cmp -s "$tmp/nt_rtl.dl" "$tmp/nt_500.dl"; then
    ok "netrace sample's first 500 cycles in lockstep (d = 6), the model's deliveries"
  else ko "netrace sample in lockstep (d = 6)" "exit $st: $(jq -c '{lockstep, lost}' "$tmp/nt_rtl.json" 2>&1) $(head -c 200 "$tmp/err")"; fi
fi
# B depends on A (a hand-made trace): A, 0 -> 3 in the 2-cube, 72 bytes (5
# flits), at cycle 0; B, 3 -> 0, 8 bytes (1 flit), at cycle 1. A arrives at
# h + L + 1 = 2 + 5 + 1 = 8, so B is created in cycle 9 and arrives at
# 9 + 2 + 1 + 1 = 13, the run's last of 14 cycles; without dependencies B
# goes at 1 and arrives at 5, and the run has 9 cycles.
for bin in "$model" build/rtl/D2_W16_B2_I4/hcsim; do
  [ -x "$bin" ] || continue
  for deps in on off; do
    want=$([ $deps = on ] && printf '8 0 3 5 0 0\n13 3 0 1 9 1' || printf '5 3 0 1 1 1\n8 0 3 5 0 0')
    "$bin" --sim "$([ "$bin" = "$model" ] && echo model || echo both)" --d 2 --traffic netrace --file "$tmp/nt_dep.tra.bz2" \
      --deps $deps --quiet --deliveries "$tmp/nt_dep.dl" --json "$tmp/nt_dep.json" 2>"$tmp/err"; st=$?
    got=$(grep -v '^#' "$tmp/nt_dep.dl" 2>/dev/null)
    if [ $st = 0 ] && [ "$got" = "$want" ] && [ "$(jq .cycles "$tmp/nt_dep.json")" = "$([ $deps = on ] && echo 14 || echo 9)" ]; then
      ok "netrace dependency: B after A's delivery, dependencies $deps ($bin)"
    else ko "netrace dependency, dependencies $deps ($bin)" "exit $st: $(tr '\n' ';' <<< "$got") $(head -c 200 "$tmp/err")"; fi
  done
done
# malformed traces and misuse: one line, exit 2
ntbad() { # case regex [args...]
  local c=$1 re=$2; shift 2
  badmsg "netrace $c" "$re" --sim model --d 2 --traffic netrace --file "$tmp/nt_$c.tra.bz2" "$@"
}
ntbad bad_magic "bad magic 0x12345678 \\(a netrace trace begins with 0x484A5455\\)"
ntbad big_endian "this one is big-endian"
ntbad version "version 2: this reader reads netrace 1.0"
ntbad nodes_zero "the header gives 0 nodes"
ntbad src_range "packet record 1 \\(id 0, byte 82\\): src 4 is not a node of the trace \\(0\\.\\.3\\)"
ntbad dst_range "dst 9 is not a node of the trace"
ntbad type "type 7 is not a netrace packet type"
ntbad too_many_deps "lists 255 dependencies, the file ends after 2 of them"
ntbad cycle_down "cycle 4 is before the previous packet's 5"
ntbad count "the header says 3 packets, the file holds 2"
ntbad short_header "truncated: 40 bytes, a netrace header has 72"
ntbad cut_packet "truncated: packet record 2 \\(byte 107\\) has 11 of its 21 bytes"
ntbad region_inside "region 0 begins at byte 5 of the packets, inside a packet record"
ntbad too_big "the trace has 64 nodes and the 2-cube 4: run it with --d 6 or more"
ntbad dep "is 5 flits of 16 bytes: it cannot be stored and forwarded with --buf 2" --mode saf
head -c 1000 "$ntr" > "$tmp/nt_cut.tra.bz2"
printf 'cycle,src,dest,len\n' > "$tmp/nt_text.tra.bz2"
: > "$tmp/nt_empty.tra.bz2"
badmsg "netrace compressed file truncated" "nt_cut.tra.bz2: bzip2 -dc failed \\(exit 2\\): the compressed data are corrupt or truncated" \
  --sim model --d 6 --traffic netrace --file "$tmp/nt_cut.tra.bz2"
badmsg "netrace not bzip2" "nt_text.tra.bz2: not a bzip2 file \\(it begins 'cycl'" --sim model --d 6 --traffic netrace --file "$tmp/nt_text.tra.bz2"
badmsg "netrace empty file" "an empty file, not a netrace trace" --sim model --d 6 --traffic netrace --file "$tmp/nt_empty.tra.bz2"
badmsg "netrace a directory" "$tmp: is a directory, not a netrace trace" --sim model --d 6 --traffic netrace --file "$tmp"
badmsg "netrace region it does not have" "region 1: the trace has 1 \\(0\\.\\.0\\)" --sim model --d 6 --traffic netrace --file "$ntr" --region 1
badmsg "netrace without a file" "--traffic netrace needs --file PATH" --sim model --d 6 --traffic netrace
badmsg "netrace option for another pattern" "--deps applies to --traffic netrace \\(got --traffic uniform\\)" --sim model --d 6 --deps off
badmsg "netrace warmup past the replay" "--warmup 7000 must be below --cycles 6821 .*the replay's last cycle \\+ 1" \
  --sim model --d 6 --traffic netrace --file "$ntr" --warmup 7000
# make sim TRAFFIC=netrace passes the trace's options, and CYCLES and
# WARMUP only when given (the replay's window otherwise); its arguments
# run here (make sim itself would build build/bin/hcsim)
args=$(make --no-print-directory -s print-SIM_ARGS SIM=model D=6 TRAFFIC=netrace FILE="$ntr" REGION=0 DEPS=on FLIT_BYTES=8)
"$model" $args > "$tmp/out" 2>"$tmp/err"; st=$?
if [ $st = 0 ] && ! grep -q -- '--cycles' <<< "$args" && grep -qE '^trace +read-resp-delay-test .*region 0 of 0\.\.0: 175 of 175' "$tmp/out" \
   && grep -qE '^traffic +netrace .* 8-byte flits' "$tmp/out" \
   && grep -qE '^cycles +[0-9]+ simulated: 6821 with traffic \(warmup 0\)' "$tmp/out"; then
  ok "make sim TRAFFIC=netrace FILE=sample D=6 REGION=0 DEPS=on FLIT_BYTES=8: the replay's window"
else ko "make sim TRAFFIC=netrace FILE=sample D=6" "exit $st: $args $(head -c 200 "$tmp/err")"; fi

# The channel counters in an LCC run's JSON: the most messages on a channel
# of dimension i is T_i(A,b) of Hou et al.'s Theorem 1 (t_theorem); and the
# heat map of them (tools/heatmap.sh) is drawn, or refused for a JSON without.
"$model" --algo lcc --lcc transpose --d 6 --sim model --quiet --json "$tmp/hm.json"; st=$?
if [ $st = 0 ] && jq -e '[range(0; .d) as $i | [.channels[] | select(.dim == $i) | .messages] | max] == .t_theorem and
     (.channels | length) == 6 * 64 and (.eject | length) == 64' "$tmp/hm.json" >/dev/null; then
  ok "lcc json channels: per-dimension maxima = T_i of Theorem 1"
else ko "lcc json channels" "exit $st, $(jq -c '.t_theorem' "$tmp/hm.json" 2>&1)"; fi
if tools/heatmap.sh "$tmp/hm.json" "$tmp/hm.png" >/dev/null 2>&1 && [ "$(head -c 4 "$tmp/hm.png" | tail -c 3)" = PNG ]; then
  ok "heat map PNG of the channels"
else ko "heat map PNG" "$(tools/heatmap.sh "$tmp/hm.json" "$tmp/hm.png" 2>&1 | tail -1)"; fi
tools/heatmap.sh "$tmp/nohist.json" "$tmp/no2.png" >/dev/null 2>"$tmp/err"; st=$?
if [ $st = 2 ] && [ "$(wc -l < "$tmp/err")" = 1 ] && [ ! -e "$tmp/no2.png" ]; then ok "heat map refuses a JSON without counters"
else ko "heat map refusal" "exit $st, $(cat "$tmp/err")"; fi

# make sweep (docs/sweeps.md), small: every node of the 3-cube sends all its
# messages to node 0, 8r flits/cycle into an ejection port of 1: r = 0.05 is
# not unstable, r = 0.3 is (accepted falls behind offered), and the sweep
# stops there (0.5 never runs).
if [ -x build/bin/hc_sweep_agg ]; then
  sw=(TRAFFIC=hotspot HOT_FRAC=1 HOT_NODE=0 D=3 LEN=4 SEEDS=2 CYCLES=3000 WARMUP=500 JOBS=2 HCSIM=$model)
  env "${sw[@]}" RATES=0.05,0.3,0.5 NAME=cli_sweep tools/sweep.sh >/dev/null 2>"$tmp/sw.err"; st=$?
  c=build/sweep/cli_sweep/sweep.csv
  if [ $st = 0 ] && [ "$(wc -l < "$c")" = 3 ] && grep -q '^0.05,2,.*,0,\(stable\|not_converged\)$' "$c" && grep -q '^0.3,2,.*,2,unstable$' "$c" &&
     [ ! -e build/sweep/cli_sweep/points/0.5_s1.json ] && grep -q 'stopped past saturation' "$tmp/sw.err" &&
     [ "$(head -c 4 build/sweep/cli_sweep/sweep.png | tail -c 3)" = PNG ]; then
    ok "sweep: stable, then unstable, stopped past saturation; CSV and PNG"
  else ko "sweep: hotspot past saturation" "exit $st, $(tr '\n' ' ' < "$c" 2>/dev/null) $(tail -2 "$tmp/sw.err")"; fi
  swbad() { # name vars...
    local name=$1; shift
    env "${sw[@]}" NAME=cli_sweep_bad "$@" tools/sweep.sh >/dev/null 2>"$tmp/swb.err"; local st=$?
    if [ $st = 2 ] && [ "$(wc -l < "$tmp/swb.err")" = 1 ] && grep -q '^sweep: ' "$tmp/swb.err"; then ok "sweep bad input: $name"
    else ko "sweep bad input: $name" "exit $st: $(head -c 200 "$tmp/swb.err")"; fi
  }
  swbad "no RATES"
  swbad "RATES not numbers" RATES=a:b:c
  swbad "RATES step zero" RATES=0.1:0.5:0
  swbad "unknown traffic (hcsim's line)" RATES=0.1 TRAFFIC=nosuch
  swbad "SEEDS zero" RATES=0.1 SEEDS=0
  swbad "FILES without TRAFFIC=file" RATES=0.1 FILES=x.txt
  swbad "unknown cluster" RATES=0.1 CLUSTER=pbs
  rm -rf build/sweep/cli_sweep build/sweep/cli_sweep_bad
else ko "sweep" "build/bin/hc_sweep_agg not built"; fi
# The GTKWave translate filter (tb/report/hc_flit_filter.c): a value is
# {valid, kind[1:0], payload[15:0]} at d = 4, W = 16; a head's payload is
# dest | src << 4 | seq << 8, so HEAD 12->3 #45 is 1<<18 | 1<<16 | 3 | 12<<4 |
# 45<<8 = 0x52dc3. One line back for every line in, of any length; what is
# not plain hex of at most W + 3 bits comes back as it is.
want=$'HEAD 12->3 #45\nSINGLE 12->3 #45\nbody beef\nTAIL beef\n-\nx\n-1\n0x1\n1fffff\n-'
out=$(printf '52dc3\n72DC3\n4beef\n6beef\n2dc3\nx\n-1\n0x1\n1fffff\n%s\n' "$(printf '%0400d' 0)" | "$filter" 4 16 2>&1); st=$?
if [ $st = 0 ] && [ "$out" = "$want" ]; then ok "flit filter: heads, bodies, tails, idle, other values"
else ko "flit filter: heads, bodies, tails, idle, other values" "exit $st: $(tr '\n' '|' <<< "$out")"; fi
"$filter" 4x 16 </dev/null >/dev/null 2>"$tmp/err"; st=$?
if [ $st = 2 ] && [ "$(wc -l < "$tmp/err")" = 1 ]; then ok "flit filter: a malformed D refused"
else ko "flit filter: a malformed D refused" "exit $st: $(head -c 200 "$tmp/err")"; fi

# A large cube on the model (issue 16): d = 18, a quarter of a million nodes,
# a few cycles of uniform traffic at 0.01, every message delivered (a second
# or two; make test-long runs d = 20, tools/model_smoke.sh).
out=$(HCSIM=$model tools/model_smoke.sh 18 40 2>&1)
if grep -q '^smoke: PASS' <<< "$out"; then ok "model at d = 18: $(sed 's/^smoke: PASS model d = 18, //' <<< "$out")"
else ko "model at d = 18" "$(tail -3 <<< "$out" | tr '\n' ' ')"; fi

echo "$pass passed, $fail failed"
[ $fail = 0 ]
