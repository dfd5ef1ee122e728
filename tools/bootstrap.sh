#!/usr/bin/env bash
# Install the Debian packages this project needs, if any is missing. Quick
# and silent when everything is there (one dpkg-query), so `make sim` and
# `make test` call it every time. Needs root (or sudo) only when it installs.
# Arguments name packages only some targets need, beside these (make
# docs-api: doxygen; make test-slurm: slurm-wlm munge); --fuzz adds what
# make fuzz needs: clang and its libFuzzer runtime; --wave a virtual X
# server, on which GTKWave shows a waveform view without a display (the
# view's test in make test, tools/wave_shot.sh).
set -euo pipefail

pkgs=(build-essential verilator libsystemc-dev libcmocka-dev zlib1g-dev yosys
      nextpnr-ice40 fpga-icestorm gtkwave gnuplot-nox time jq python3-yaml pkgconf z3 bzip2 ccache)
if [ "${1:-}" = --fuzz ]; then pkgs+=(clang libclang-rt-dev); shift; fi
if [ "${1:-}" = --wave ]; then pkgs+=(xvfb xauth); shift; fi
pkgs+=("$@")

missing=()
for p in "${pkgs[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$status" = installed ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "bootstrap: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "bootstrap: need root to install ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
# A fresh machine has no package lists yet: update once, then install.
if ! $sudo apt-get install -y --no-install-recommends "${missing[@]}" >/tmp/hc-bootstrap.log 2>&1; then
  $sudo apt-get update >>/tmp/hc-bootstrap.log 2>&1
  $sudo apt-get install -y --no-install-recommends "${missing[@]}" >>/tmp/hc-bootstrap.log 2>&1 \
    || { tail -20 /tmp/hc-bootstrap.log >&2; echo "bootstrap: apt-get install failed" >&2; exit 1; }
fi
echo "bootstrap: done" >&2
