#!/usr/bin/env bash
# Print one top-level value of a JSON report (hcsim --json) with jq, the
# way the table and sweep scripts need it: strings without quotes, numbers
# as written, null as "null", an array as its elements joined by commas.
# Usage: tools/jsonval.sh FILE KEY. Prints nothing for a missing key.
set -euo pipefail
[ $# = 2 ] || { echo "usage: tools/jsonval.sh FILE KEY" >&2; exit 2; }
jq -r --arg k "$2" 'if has($k) then (.[$k] | if type == "array" then map(tostring) | join(",") else tostring end) else empty end' "$1"
