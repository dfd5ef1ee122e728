#!/usr/bin/env bash
# make docs-api: the API reference of libhcrouter's public headers with
# Doxygen, in build/docs-api/html/index.html, docs/library.md as its front
# page. The headers' comments are read through tools/doxy_filter.sh.
# Doxygen's warnings go to build/docs-api/warnings.log; their count is
# printed (a public declaration without its contract comment is one).
#   tools/docs_api.sh VERSION HEADER...
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: tools/docs_api.sh VERSION HEADER..." >&2; exit 2; }
command -v doxygen >/dev/null || { echo "docs-api: doxygen is not installed (tools/bootstrap.sh doxygen)" >&2; exit 1; }
version=$1; shift
out=build/docs-api
rm -rf "$out"; mkdir -p "$out"
cat > "$out/Doxyfile" <<DOX
PROJECT_NAME           = libhcrouter
PROJECT_NUMBER         = $version
PROJECT_BRIEF          = "hypercube router: C model, schedules, generators, traffic, GF(2)/LCC, driver"
OUTPUT_DIRECTORY       = $out
INPUT                  = docs/library.md $*
USE_MDFILE_AS_MAINPAGE = docs/library.md
FILE_PATTERNS          = *.h *.md
INPUT_FILTER           = tools/doxy_filter.sh
FILTER_SOURCE_FILES    = NO
OPTIMIZE_OUTPUT_FOR_C  = YES
JAVADOC_AUTOBRIEF      = YES
EXTRACT_ALL            = NO
EXTRACT_STATIC         = YES
TYPEDEF_HIDES_STRUCT   = YES
DISTRIBUTE_GROUP_DOC   = YES
ENABLE_PREPROCESSING   = YES
MACRO_EXPANSION        = YES
EXPAND_ONLY_PREDEF     = NO
SEARCH_INCLUDES        = YES
INCLUDE_PATH           = csim csim/sched algorithms tb/backend tb/driver
GENERATE_LATEX         = NO
GENERATE_HTML          = YES
HAVE_DOT               = NO
QUIET                  = YES
WARNINGS               = YES
WARN_IF_UNDOCUMENTED   = YES
WARN_NO_PARAMDOC       = NO
WARN_LOGFILE           = $out/warnings.log
DOX
doxygen "$out/Doxyfile"
n=$(grep -c 'warning:' "$out/warnings.log" || true)
echo "docs-api: $out/html/index.html ($n warnings, $out/warnings.log)"
