#!/usr/bin/env bash
# The installed library as its user sees it (docs/library.md): `make
# install` into a fresh prefix, then everything from that tree alone:
# pkg-config, the soname, every public header compiling by itself, the two
# programs of docs/examples/ built with `pkg-config --cflags --libs` and run,
# their output checked against values from the papers and first principles
# (not from the programs), the static library, the RTL library of one
# configuration in lockstep, and the router IP's file list under share/.
# One line "lib: PASS name" or "lib: FAIL name" per check (make test counts
# them); exit status 1 when any failed.
#   tests/lib/test_install.sh [RTL_CFG]   (default D4_W16_B2_I4, the
#   configuration of docs/examples/sf_broadcast.c; "" skips that check)
set -uo pipefail
cd "$(dirname "$0")/../.."
rtl_cfg=${1-D4_W16_B2_I4}
fail=0
pass() { echo "lib: PASS $1"; }
bad() { echo "lib: FAIL $1"; [ -z "${2:-}" ] || echo "$2" | head -10; fail=1; }
check() { # name expected actual
  if [ "$2" = "$3" ]; then pass "$1"; else bad "$1" "expected: $2"$'\n'"got:      $3"; fi
}
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
if ! out=$(make --no-print-directory -s -j2 install PREFIX="$prefix" RTL_CFGS="$rtl_cfg" 2>&1); then
  bad "make install PREFIX=... RTL_CFGS=$rtl_cfg" "$out"; exit 1
fi
pass "make install PREFIX=... RTL_CFGS=$rtl_cfg"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
export LD_LIBRARY_PATH=$prefix/lib
cflags=(-std=c11 -Wall -Wextra -Werror)
tmp=$prefix/tmp; mkdir -p "$tmp"

ver=$(make --no-print-directory -s print-HC_LIB_VERSION)
check "pkg-config --modversion hcrouter" "$ver" "$(pkg-config --modversion hcrouter 2>&1)"
check "soname libhcrouter.so.${ver%%.*}" "libhcrouter.so.${ver%%.*}" \
  "$(objdump -p "$prefix/lib/libhcrouter.so" | awk '/SONAME/ { print $2 }')"

# Every public header alone (the X-macro lists are included inside others).
hb=""
for h in "$prefix"/include/hcrouter/*.h; do
  case $h in *_list.h) continue ;; esac
  echo "#include <hcrouter/${h##*/}>" | cc "${cflags[@]}" -fsyntax-only $(pkg-config --cflags hcrouter) -x c - \
    2> "$tmp/h.err" || hb+=" ${h##*/}"
done
check "every public header compiles alone" "" "$hb"

build() { # program [pkg]: docs/examples/<program>.c against the installed tree
  cc "${cflags[@]}" "docs/examples/$1.c" $(pkg-config --cflags --libs "${2:-hcrouter}") -o "$tmp/$1" 2>&1
}

# transpose_remap: Hou et al., Example 3 / docs/lcc.md: the transpose of the
# n-cube (n even) loads dimension i's busiest channel with T_i =
# 2^min(i, n-1-i) messages under e-cube; reordered optimally every T_i is 1
# (Corollary 1: a permutation whose bit map has no fixed bit).
n=6 want_e="" want_o=""
for ((i = 0; i < n; i++)); do
  m=$(( i < n - 1 - i ? i : n - 1 - i )); want_e+=" $((1 << m))"; want_o+=" 1"
done
if out=$(build transpose_remap) && out=$("$tmp/transpose_remap" 2>&1); then
  check "transpose_remap: e-cube counts 2^min(i,n-1-i)" "$want_e data ok" \
    "$(awk '/^e-cube/ { s = ""; for (i = 2; i <= 7; i++) s = s " " $i; print s, $10, $11 }' <<< "$out" | tr -d ',')"
  check "transpose_remap: optimal remap counts all 1" "$want_o data ok" \
    "$(awk '/^optimal remap/ { s = ""; for (i = 3; i <= 8; i++) s = s " " $i; print s, $11, $12 }' <<< "$out" | tr -d ',')"
else
  bad "transpose_remap builds and runs" "$out"
fi

# sf_broadcast: recursive doubling from node 0 of the 4-cube, m = 8, beta = 4:
# 2^d - 1 packets, each stage a whole packet (beta + m) after the last,
# d (m + beta) = 48 cycles (Stout & Wagar, BROADCAST 1), every word of
# every node right (2^d m = 128).
d=4 m=8 beta=4
want="$((2 ** d - 1)) packets, $((d * (m + beta))) cycles|words checked $((2 ** d * m)), wrong 0, counters ok"
got() { printf '%s|%s' "$(grep -o '[0-9]* packets, [0-9]* cycles' <<< "$1")" "$(grep '^words' <<< "$1")"; }
if out=$(build sf_broadcast) && out=$("$tmp/sf_broadcast" 2>&1); then
  check "sf_broadcast: model, 2^d-1 packets in d(m+beta) cycles, data" "$want" "$(got "$out")"
else
  bad "sf_broadcast builds and runs" "$out"
fi

# The static library alone (no LD_LIBRARY_PATH, no shared object).
if out=$(cc "${cflags[@]}" docs/examples/sf_broadcast.c $(pkg-config --cflags hcrouter) \
           "$(pkg-config --variable=libdir hcrouter)/libhcrouter.a" -lm -o "$tmp/sf_static" 2>&1) &&
   out=$(env -u LD_LIBRARY_PATH "$tmp/sf_static" 2>&1); then
  check "libhcrouter.a: sf_broadcast linked statically" "$want" "$(got "$out")"
else
  bad "libhcrouter.a: sf_broadcast linked statically" "$out"
fi

# The RTL library: the same program in lockstep, RTL against model.
if [ -n "$rtl_cfg" ]; then
  if out=$(build sf_broadcast "hcrouter-rtl-$rtl_cfg") && out=$("$tmp/sf_broadcast" both 2>&1); then
    check "hcrouter-rtl-$rtl_cfg: sf_broadcast in lockstep" "$want" "$(got "$out")"
  else
    bad "hcrouter-rtl-$rtl_cfg: sf_broadcast in lockstep" "$out"
  fi
fi

# share/: the IP's file list and core file as written, every file named there.
ip=$prefix/share/hcrouter/rtl/hc_ip.f
here=$PWD
if cmp -s rtl/hc_ip.f "$ip" && cmp -s rtl/hcrouter.core "${ip%/*}/hcrouter.core" && missing=$(cd "${ip%/*}" && for f in $("$here/tools/filelist.sh" hc_ip.f); do
     [ -f "$f" ] || echo "$f"; done) && [ -z "$missing" ]; then
  pass "share/hcrouter/rtl/: hc_ip.f, hcrouter.core and the sources"
else
  bad "share/hcrouter/rtl/: hc_ip.f, hcrouter.core and the sources" "${missing:-hc_ip.f or hcrouter.core differs or is missing}"
fi
exit $fail
