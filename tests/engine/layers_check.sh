#!/usr/bin/env bash
# layers_check.sh - the engine_layers test: reads the static engine
# library's objects with nm and fails when calls between them go round in
# a circle (a.o calls b.o, which calls ... back into a.o). The engine is
# built in layers with calls going only downward (docs/hacking.md has the
# map); a circle is the sign that one went up.
#
# Usage: layers_check.sh NM LIBRARY.a
# Prints every object's callees (the edges), then "no circle" or the
# objects of the first circle tsort finds.
set -euo pipefail
nm_tool=$1
lib=$2

# nm -A -P (POSIX format) on an archive: "lib.a[obj.o]: NAME TYPE ..."
# per symbol; type U is a reference, T, D, R, B and C definitions.
symbols=$("$nm_tool" -A -P "$lib" 2>/dev/null)
fields='{ obj = $1; sub(/^.*\[/, "", obj); sub(/\]:$/, "", obj) }'
defs=$(printf '%s\n' "$symbols" | awk "$fields"' $3 ~ /^[TDRBC]$/ { print $2, obj }' | sort -u)
refs=$(printf '%s\n' "$symbols" | awk "$fields"' $3 == "U" { print $2, obj }' | sort -u)
if [ -z "$defs" ]; then
    echo "layers_check: no symbols read from $lib" >&2
    exit 1
fi
# Edges "caller callee" between distinct objects.
edges=$(join <(printf '%s\n' "$refs") <(printf '%s\n' "$defs") | awk '$2 != $3 { print $2, $3 }' | sort -u)
echo "calls between the engine's objects (caller -> callee):"
printf '%s\n' "$edges" | awk '{ c[$1] = c[$1] " " $2 } END { for (o in c) print "  " o ":" c[o] }' | sort
# tsort reports a loop on stderr; every object also gets a self edge so
# objects without calls are listed too.
objs=$(printf '%s\n' "$defs" | awk '{ print $2 }' | sort -u)
graph=$( { printf '%s\n' "$edges"; for o in $objs; do echo "$o $o"; done; } )
if ! loops=$(printf '%s\n' "$graph" | tsort 2>&1 >/dev/null) || [ -n "$loops" ]; then
    echo "FAIL: the engine's objects call each other in a circle:" >&2
    printf '%s\n' "$loops" >&2
    exit 1
fi
echo "no circle: $(printf '%s\n' "$objs" | wc -l) objects, $(printf '%s\n' "$edges" | grep -c . || true) calls between them"
