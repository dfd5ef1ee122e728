#!/usr/bin/env bash
# Install libhcrouter (make install, mk/install.mk; docs/library.md) under
# DESTDIR/PREFIX: the static and shared libraries from build/lib, the public
# headers under include/hcrouter/, pkg-config files under lib/pkgconfig/,
# and the router IP under share/hcrouter/rtl/: the sources rtl/hc_ip.f
# names (tools/filelist.sh, so the list is read, not repeated), hc_ip.f
# itself (its paths are relative to it, so it holds there unchanged), the
# contract and the FuseSoC core file. With RTL configurations, one static
# library and one .pc file each.
#   tools/install_lib.sh DESTDIR PREFIX VERSION MAJOR "HEADERS" "RTL_CFGS" "RTL_LIBS"
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# = 7 ] || { echo "usage: tools/install_lib.sh DESTDIR PREFIX VERSION MAJOR HEADERS RTL_CFGS RTL_LIBS" >&2; exit 2; }
destdir=$1 prefix=$2 version=$3 major=$4 headers=$5 rtl_cfgs=$6 rtl_libs=$7
case "$prefix" in
  /*) ;;
  *) echo "make install: PREFIX must be an absolute path, not '$prefix'" >&2; exit 2 ;;
esac
root=$destdir$prefix
lib=$root/lib inc=$root/include/hcrouter share=$root/share/hcrouter
install -d "$lib/pkgconfig" "$inc" "$share/rtl"

install -m 644 build/lib/libhcrouter.a "$lib/"
install -m 755 "build/lib/libhcrouter.so.$version" "$lib/"
ln -sf "libhcrouter.so.$version" "$lib/libhcrouter.so.$major"
ln -sf "libhcrouter.so.$major" "$lib/libhcrouter.so"
# one folder: two headers of one name would overwrite each other
dup=$(for h in $headers; do basename "$h"; done | sort | uniq -d)
[ -z "$dup" ] || { echo "make install: two public headers named $dup" >&2; exit 2; }
# shellcheck disable=SC2086
install -m 644 $headers "$inc/"

pcfile() { # name description libs [libs.private]
  cat <<PC
prefix=$prefix
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include
datadir=\${prefix}/share/hcrouter

Name: $1
Description: $2
Version: $version
Cflags: -I\${includedir}
Libs: -L\${libdir} $3
Libs.private: ${4:-}
PC
}
pcfile hcrouter "hypercube router: C golden model, store-and-forward schedules and generators, traffic, GF(2)/LCC, driver" \
  "-lhcrouter" "-lm" > "$lib/pkgconfig/hcrouter.pc"

for c in $rtl_cfgs; do
  install -m 644 "build/lib/libhcrouter-rtl-$c.a" "$lib/"
  # a static archive of C++ objects: the C++ run time and Verilator's needs in Libs
  pcfile "hcrouter-rtl-$c" "libhcrouter with the driver over the Verilated RTL of configuration $c (static)" \
    "-lhcrouter-rtl-$c -lstdc++ $rtl_libs" > "$lib/pkgconfig/hcrouter-rtl-$c.pc"
done

install -m 644 $(tools/filelist.sh rtl/hc_ip.f) rtl/hc_ip.f rtl/hc_contract.txt rtl/hcrouter.core "$share/rtl/"

echo "installed libhcrouter $version in $root (pkg-config: PKG_CONFIG_PATH=$prefix/lib/pkgconfig)"
