#!/usr/bin/env bash
# The router's resource and timing table of docs/fpga.md (`make fpga-docs`,
# and its check in `make test`): one router alone (rtl/fpga/hc_router_harness.sv)
# synthesised by yosys synth_ice40 and placed and routed by nextpnr-ice40
# (seed 1) on the HX8K (CT256) and the UP5K (SG48), for each configuration
# d w b c r (dimension, payload bits, buffer flits, counter bits with 0 for
# none, and 1 for the buffers in block RAM, hc_router's BufRam).
#
#   tools/fpga_table.sh measure OUT.tsv [CFG...]   measure, one TSV row a device
#   tools/fpga_table.sh doc DOC NOW.tsv BEFORE.tsv write the table into DOC
#   tools/fpga_table.sh check DOC [CFG...]         measure CFGs, compare with DOC
#   tools/fpga_table.sh update DOC [CFG...]        measure CFGs, replace their rows in DOC
#
# A CFG is d,w,b,c,r, where c may end in k: the summing counters in block
# RAM (hc_router's CntRam; "16 (BRAM)" in the table). Without any CFG,
# `measure` takes the whole table (d 2..4, w 8 and 16, b 1, 2, 4, c 0 and
# 16, flip-flop buffers; block-RAM buffers at b 4 without counters, and
# with 16-bit counters in block RAM: 48 syntheses, 96 place-and-routes,
# over an hour of one core) and `check` the rows `make test` checks
# (FPGA_TABLE_CHECK below). A TSV row is
#   device d w b c r lcs ffs brams fmax
# Environment: COLLECT=1 (measure only reads the logs a previous measure
# left in WORK, runs no tool), DEFINES (extra yosys read_verilog options, e.g.
# -DHC_PROTO_regalloc for tools/fpga_lean.sh), PARAMS (extra chparam settings of the harness, e.g.
# "-set RouteReg 1"), SEED (nextpnr's seed, default 1), SRC (the source tree to measure, default this one: the
# "before" column was measured on an older tree with this script and this
# harness), WORK (scratch directory, default build/synth/table), NICE
# (default 19). The nextpnr target clocks are the router targets, 75 MHz
# (HX8K) and 30 MHz (UP5K): the placer works towards them, and the Fmax
# reported is what the routed design reaches, whether met or not.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# What `make test` synthesises and checks against the committed table.
FPGA_TABLE_CHECK=${FPGA_TABLE_CHECK:-"3,8,4,0,0 3,8,4,16,0 3,8,4,16k,1"}
ALL_CFGS=$(for d in 2 3 4; do for w in 8 16; do for b in 1 2 4; do for c in 0 16; do
  echo "$d,$w,$b,$c,0"; done; done; done; done
  for d in 2 3 4; do for w in 8 16; do echo "$d,$w,4,0,1"; done; done
  for d in 2 3 4; do for w in 8 16; do echo "$d,$w,4,16k,1"; done; done)
DEVICES="hx8k up5k"
BEGIN='<!-- fpga-router-table: begin -->'
END='<!-- fpga-router-table: end -->'

src=${SRC:-$root}
work=${WORK:-$root/build/synth/table}
nice=${NICE:-19}

die() { echo "fpga_table.sh: $*" >&2; exit 2; }

pkg_of() { case $1 in hx8k) echo ct256;; up5k) echo sg48;; esac; }
mhz_of() { case $1 in hx8k) echo 75;; up5k) echo 30;; esac; }

check_cfg() {
  [[ $1 =~ ^[1-4],[0-9]+,[0-9]+,[0-9]+k?,[01]$ ]] || die "bad configuration '$1' (want d,w,b,c,r with d 1..4, c a number with an optional k (counters in block RAM), r 0 or 1)"
}

# One configuration: yosys once, nextpnr on each device; prints its rows.
measure_cfg() {
  local cfg=$1 d w b c r dir files
  IFS=, read -r d w b c r <<< "$cfg"
  dir=$work/D${d}_W${w}_B${b}_C${c}_R${r}
  mkdir -p "$dir"
  # Paths relative to the source tree, yosys run from it: the sources'
  # names end up in the netlist, and nextpnr's placement follows them, so a
  # clone elsewhere must give the same figures as the tree that wrote them.
  files=$(cd "$src" && tools/filelist.sh rtl/fpga/hc_board.f | tr '\n' ' ')
  cat > "$dir/r.ys" <<YS
read_verilog -defer -sv -DSYNTHESIS ${DEFINES:-} $files
chparam -set Dim $d -set PayloadWidth $w -set BufDepth $b -set CntWidth ${c%k}$( [ "$r" = 1 ] && echo " -set BufRam 1")$( [ "${c%k}" != "$c" ] && echo " -set CntRam 1") ${PARAMS:-} hc_router_harness
hierarchy -check -top hc_router_harness
proc
select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr
synth_ice40 -top hc_router_harness -json $dir/r.json
select -assert-none t:\$_DLATCH_* t:\$_DLATCHSR_*
check -assert
stat
YS
  if [ "${COLLECT:-0}" = 1 ]; then :
  elif ! (cd "$src" && nice -n "$nice" yosys -q -l "$dir/r.yosys.log" "$dir/r.ys" >/dev/null 2>&1); then
    echo "fpga_table.sh: yosys failed for $cfg (see $dir/r.yosys.log)" >&2; return 1
  fi
  local ffs dev log lcs brams fmax
  ffs=$(awk '/Printing statistics/ {s=0} /SB_DFF/ {s+=$2} END {print s+0}' "$dir/r.yosys.log")
  for dev in $DEVICES; do
    log=$dir/$dev.pnr.log
    if [ "${COLLECT:-0}" = 1 ]; then :
    elif ! nice -n "$nice" nextpnr-ice40 --$dev --package "$(pkg_of $dev)" --json "$dir/r.json" \
        --freq "$(mhz_of $dev)" --timing-allow-fail --seed "${SEED:-1}" -l "$log" -q >/dev/null 2>&1; then
      echo "fpga_table.sh: nextpnr failed for $cfg on $dev (see $log)" >&2; return 1
    fi
    # The utilisation lines only ("ICESTORM_LC:   559/ 7680"): the placer's
    # progress lines name ICESTORM_LC too.
    lcs=$(awk '/ICESTORM_LC: *[0-9]+\// {split($3, a, "/"); v=a[1]} END {print v+0}' "$log")
    brams=$(awk '/ICESTORM_RAM: *[0-9]+\// {split($3, a, "/"); v=a[1]} END {print v+0}' "$log")
    fmax=$(grep -E "Max frequency for clock" "$log" | tail -1 | sed -E 's/.*: ([0-9.]+) MHz.*/\1/')
    [ -n "$fmax" ] || { echo "fpga_table.sh: no clock in $log" >&2; return 1; }
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$dev" "$d" "$w" "$b" "$c" "$r" "$lcs" "$ffs" "$brams" "$fmax"
  done
}

# The rows of DOC's table as TSV (the columns of `measure`; buffers FF is
# r 0, BRAM r 1).
doc_rows() {
  awk -v b="$BEGIN" -v e="$END" '$0 == b {on = 1; next} $0 == e {on = 0} on' "$1" |
    awk -F'|' '/^\| (hx8k|up5k) / {
      for (i = 2; i <= 11; i++) { gsub(/^ +| +$/, "", $i) }
      c = $6; sub(/ \(BRAM\)$/, "k", c)
      printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", $2, $3, $4, $5, c, ($7 == "BRAM") ? 1 : 0, $8, $9, $10, $11 }'
}

cmd=${1:-}
case "$cmd" in
  measure)
    out=${2:-}; [ -n "$out" ] || die "usage: tools/fpga_table.sh measure OUT.tsv [d,w,b,c...]"
    shift 2
    cfgs=${*:-$ALL_CFGS}
    for cfg in $cfgs; do check_cfg "$cfg"; done
    : > "$out"
    for cfg in $cfgs; do
      measure_cfg "$cfg" >> "$out" || exit 1
      tail -n 2 "$out" | sed 's/^/measured: /' >&2
    done ;;
  doc)
    [ $# = 4 ] || die "usage: tools/fpga_table.sh doc DOC NOW.tsv BEFORE.tsv"
    doc=$2 now=$3 before=$4
    for f in "$doc" "$now" "$before"; do [ -f "$f" ] || die "no file $f"; done
    grep -qxF "$BEGIN" "$doc" && grep -qxF "$END" "$doc" || die "$doc has no $BEGIN ... $END"
    table=$(mktemp); trap 'rm -f "$table"' EXIT
    {
      echo "| device | d | w | b | counter bits | buffers | logic cells | flip-flops | block RAMs | fmax (MHz) | before: logic cells | before: flip-flops | before: fmax (MHz) |"
      echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
      # Rows in the order measured; the "before" figures joined on device d w b c r
      # (comment lines of BEFORE skipped).
      awk -F'\t' 'NR == FNR { if ($0 ~ /^#/) next; k = $1 FS $2 FS $3 FS $4 FS $5 FS $6
                               bl[k] = $7; bf[k] = $8; bm[k] = $10; next }
        { k = $1 FS $2 FS $3 FS $4 FS $5 FS $6
          if (k in bl) { x = bl[k]; y = bf[k]; z = bm[k] } else { x = "-"; y = "-"; z = "-" }
          c = $5; sub(/k$/, " (BRAM)", c)
          printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, c, ($6 == 1) ? "BRAM" : "FF", $7, $8, $9, $10, x, y, z }' \
        "$before" "$now"
      echo
      echo "Measured with $(yosys -V | sed 's/ (.*//') and nextpnr-ice40 $(nextpnr-ice40 --version 2>&1 | sed -n 's/.*(Version \(.*\))/\1/p'), seed 1, by \`tools/fpga_table.sh\`."
    } > "$table"
    awk -v b="$BEGIN" -v e="$END" -v tf="$table" '
      $0 == b { print; while ((getline l < tf) > 0) print l; skip = 1; next }
      $0 == e { skip = 0 }
      !skip { print }' "$doc" > "$doc.tmp" && mv "$doc.tmp" "$doc"
    echo "fpga_table: the router table of $doc written from $now (before: $before)" ;;
  check)
    doc=${2:-}; [ -f "$doc" ] || die "usage: tools/fpga_table.sh check DOC [d,w,b,c...]"
    shift 2
    cfgs=${*:-$FPGA_TABLE_CHECK}
    for cfg in $cfgs; do check_cfg "$cfg"; done
    committed=$(doc_rows "$doc")
    fail=0
    for cfg in $cfgs; do
      rows=$(measure_cfg "$cfg") || { echo "fpga-table: FAIL $cfg (synthesis)"; fail=1; continue; }
      while IFS= read -r row; do
        key=$(cut -f1-6 <<< "$row")
        have=$(awk -F'\t' -v k="$key" '{ if ($1 FS $2 FS $3 FS $4 FS $5 FS $6 == k) print }' <<< "$committed")
        name="$(cut -f1 <<< "$row") d=$(cut -f2 <<< "$row") w=$(cut -f3 <<< "$row") b=$(cut -f4 <<< "$row") c=$(cut -f5 <<< "$row") r=$(cut -f6 <<< "$row")"
        figs="$(cut -f7 <<< "$row") LCs, $(cut -f8 <<< "$row") FFs, $(cut -f9 <<< "$row") BRAMs, $(cut -f10 <<< "$row") MHz"
        if [ -z "$have" ]; then
          echo "fpga-table: FAIL $name: not in $doc (tools give $figs; make fpga-table-update)"; fail=1
        elif [ "$have" != "$row" ]; then
          echo "fpga-table: FAIL $name: $doc says $(cut -f7-10 <<< "$have" | tr '\t' ' '), tools give $figs (make fpga-table-update; make fpga-docs for every row)"; fail=1
        else
          echo "fpga-table: PASS $name: $figs, as in $doc"
        fi
      done <<< "$rows"
    done
    exit $fail ;;
  update)
    # After an edit of the router: the rows make test checks (or the CFGs
    # given) measured again and written over theirs; the other rows stay as
    # they were measured (make fpga-docs measures them all).
    doc=${2:-}; [ -f "$doc" ] || die "usage: tools/fpga_table.sh update DOC [d,w,b,c...]"
    shift 2
    cfgs=${*:-$FPGA_TABLE_CHECK}
    for cfg in $cfgs; do check_cfg "$cfg"; done
    tmpd=$(mktemp -d); trap 'rm -rf "$tmpd"' EXIT
    doc_rows "$doc" > "$tmpd/old.tsv"
    : > "$tmpd/new.tsv"
    for cfg in $cfgs; do measure_cfg "$cfg" >> "$tmpd/new.tsv" || die "synthesis of $cfg failed"; done
    # Rows already in DOC keep their place; new ones follow, in the order measured.
    awk -F'\t' 'NR == FNR { k = $1 FS $2 FS $3 FS $4 FS $5 FS $6; nw[k] = $0; ord[++n] = k; next }
      { k = $1 FS $2 FS $3 FS $4 FS $5 FS $6; if (k in nw) { print nw[k]; done[k] = 1 } else print }
      END { for (i = 1; i <= n; i++) if (!(ord[i] in done)) print nw[ord[i]] }' "$tmpd/new.tsv" "$tmpd/old.tsv" > "$tmpd/now.tsv"
    "$0" doc "$doc" "$tmpd/now.tsv" docs/data/fpga_router_before.tsv
    sed 's/^/updated: /' "$tmpd/new.tsv" ;;
  *) die "usage: tools/fpga_table.sh measure|doc|check|update ..." ;;
esac
