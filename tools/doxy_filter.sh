#!/usr/bin/env bash
# Doxygen's INPUT_FILTER for make docs-api (tools/docs_api.sh): the
# project's headers keep their own comment style (SQLite's: a block
# /* ... ** ... */ opening the file and before each declaration, a trailing
# /* ... */ after a member or macro), and this turns it into Doxygen's on the
# fly: the file's first comment becomes its @file text, a comment that
# starts a line and is followed directly by code documents that code (/**),
# a comment after code on its line documents that code (/**<). A comment
# followed by a blank line is a note, not documentation, and stays plain,
# as do section rulers (/* ---- name */) and the comments of #endif,
# #else and #include lines. One comment above several declarations in a
# row (no blank line between) is theirs together: a Doxygen member group
# (@{ ... @}, DISTRIBUTE_GROUP_DOC) up to the next blank line or
# comment. Reads the file named by its argument, writes to stdout; the
# file is not changed.
set -euo pipefail
awk '
  function flush(next_line,   i, doc) {
    doc = first || (next_line !~ /^[ \t]*$/ && buf[1] !~ /\/\* *-+/)
    # a group at file level only: a struct body is no place for one
    if (doc && !first && buf[1] ~ /^\/\*/ && next_line ~ /^[a-z#]/) { print "/** @{ */"; group = 1 }
    if (doc) sub(/\/\*/, first ? "/** @file" : "/**", buf[1])
    for (i = 1; i <= n; i++) print buf[i]
    n = 0; first = 0
  }
  function endgroup() { if (group) print "/** @} */"; group = 0 }
  BEGIN { first = 1; n = 0; group = 0 }
  # a comment that starts its line: held until the line after it is seen
  n > 0 && !open { flush($0) }
  open { buf[++n] = $0; if ($0 ~ /\*\//) open = 0; next }
  /^[ \t]*\/\*/ { endgroup(); buf[++n] = $0; open = ($0 !~ /\*\//); next }
  /^[ \t]*$/ { endgroup(); print; next }
  /^[ \t]*#[ \t]*(endif|else|include)/ { print; next }
  # a comment after code on its line
  /[^ \t].*\/\*/ { sub(/\/\*/, "/**<"); print; next }
  { print }
  END { if (n > 0) flush(""); endgroup() }
' "$1"
