#!/usr/bin/env bash
# The router IP as a package for other hardware projects (docs/library.md):
# rtl/hcrouter.core, the FuseSoC core file, has not drifted from its
# generator; it is well-formed CAPI2 (read as YAML: name, filesets,
# parameters, targets) whose file list is rtl/hc_ip.f's and whose
# parameters are hc_network's own; and the two user designs of
# docs/examples/ (one router, a 2-cube) lint with `verilator --lint-only
# -Wall` on the core's file list, and the one-router design synthesises
# with yosys (synth_ice40; no latch, `check -assert` clean). fusesoc itself
# is not in Debian and is not run. One line "core: PASS name" or
# "core: FAIL name" per check; exit status 1 when any failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
fail=0
pass() { echo "core: PASS $1"; }
bad() { echo "core: FAIL $1"; [ -z "${2:-}" ] || echo "$2" | head -10; fail=1; }

if out=$(tools/gen_core.sh --check 2>&1); then pass "rtl/hcrouter.core matches tools/gen_core.sh"
else bad "rtl/hcrouter.core matches tools/gen_core.sh" "$out"; fi

# The structure, checked independently of the generator: the file list
# against tools/filelist.sh, the parameters against a parse of hc_network.sv.
if out=$(python3 - rtl/hcrouter.core <<'PY' 2>&1
import re, subprocess, sys, yaml
path = sys.argv[1]
text = open(path).read()
assert text.startswith("CAPI=2:\n"), "the first line is not CAPI=2:"
core = yaml.safe_load(text)
vlnv = core["name"].split(":")
assert len(vlnv) == 4 and all(vlnv), "name is not vendor:library:name:version: %r" % core["name"]
files = core["filesets"]["rtl"]["files"]
assert core["filesets"]["rtl"]["file_type"] == "systemVerilogSource"
ip = subprocess.run(["../tools/filelist.sh", "hc_ip.f"], cwd="rtl", capture_output=True, text=True, check=True).stdout.split()
assert files == ip, "file list %r differs from rtl/hc_ip.f %r" % (files, ip)
src = open("rtl/hc_network.sv").read()
head = src[src.index("module hc_network"):]
head = head[:head.index(") (")]
decl = re.findall(r"parameter\s+(int\s+unsigned|bit|logic\s*\[[^\]]*\])\s+(\w+)\s*=", head)
names = [n for _, n in decl]
strs = {n for t, n in decl if t.startswith("logic")}  # a string: a packed logic vector of bytes
params = core["parameters"]
assert list(params) == names, "parameters %r, hc_network has %r" % (list(params), names)
for n, p in params.items():
    if n in strs:
        assert p["paramtype"] == "vlogparam" and p["datatype"] == "str" and isinstance(p["default"], str), n
    else:
        assert p["paramtype"] == "vlogparam" and p["datatype"] == "int" and isinstance(p["default"], int), n
    assert p.get("description"), n + " has no description"
for t, tgt in core["targets"].items():
    assert tgt["toplevel"] == "hc_network", t
    assert set(tgt["filesets"]) <= set(core["filesets"]), t
    assert set(tgt.get("parameters", [])) <= set(params), t
print("ok")
PY
); then pass "rtl/hcrouter.core: CAPI2 structure, files = rtl/hc_ip.f, parameters = hc_network's"
else bad "rtl/hcrouter.core: CAPI2 structure, files = rtl/hc_ip.f, parameters = hc_network's" "$out"; fi

# The core's own file list, as a user's tool would read it.
mapfile -t files < <(python3 -c 'import yaml,sys; print("\n".join("rtl/" + f for f in yaml.safe_load(open("rtl/hcrouter.core"))["filesets"]["rtl"]["files"]))')
for top in user_node user_cube; do
  if out=$(verilator --lint-only -Wall "${files[@]}" "docs/examples/$top.sv" --top-module $top 2>&1); then
    pass "docs/examples/$top.sv lints (verilator -Wall, the core's files)"
  else
    bad "docs/examples/$top.sv lints (verilator -Wall, the core's files)" "$out"
  fi
done

# yosys as tools/synth_check.sh runs it: deferred reading, no latch after
# proc, check -assert after synth_ice40.
mkdir -p build/synth
log=build/synth/user_node.log
cat > build/synth/user_node.ys <<YS
read_verilog -defer -sv -DSYNTHESIS ${files[*]} docs/examples/user_node.sv
hierarchy -check -top user_node
proc
flatten
select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr
synth_ice40 -top user_node
select -assert-none t:\$_DLATCH_* t:\$_DLATCHSR_*
check -assert
stat
YS
if yosys -q -l "$log" build/synth/user_node.ys >/dev/null 2>&1; then
  lcs=$(awk '/Printing statistics/ {v=0} /SB_LUT4/ {v=$2} END {print v}' "$log")
  pass "docs/examples/user_node.sv synthesises (yosys synth_ice40: SB_LUT4 $lcs)"
else
  bad "docs/examples/user_node.sv synthesises (yosys synth_ice40, $log)" "$(grep -iE 'error|assert|latch' "$log" | head -5)"
fi
exit $fail
