#!/usr/bin/env bash
# code_map.sh SOURCE_DIR - docs/hacking.md's map of the code follows the tree.
#
# - "The desktop game's files" names every file of game/desktop/ by its
#   path under game/desktop/ (a line "app/   ..." opens a folder, the lines
#   indented under it name its files, "a.h, a.c   what they do"), and names
#   no file that is not there.
# - Every other module of the code (engine/src, engine/support,
#   engine/tools, game/cli, game/common, bench, server) is named somewhere in the page: a file
#   counts as named when its stem is, as stem.c or stem.h (a header goes
#   with its source).
# Prints each miss and fails on any.
set -u
SRC=${1:?usage: code_map.sh SOURCE_DIR}
DOC="$SRC/docs/hacking.md"
[ -f "$DOC" ] || { echo "code_map: $DOC not found"; exit 1; }
fail=0

# The desktop section's fenced block, as "path" lines.
mapped=$(awk '
    /^## The desktop game.s files/ { in_section = 1; next }
    in_section && /^## / { exit }
    in_section && /^```/ { in_block = !in_block; next }
    in_section && in_block {
        line = $0
        indent = match(line, /[^ ]/) - 1
        text = substr(line, indent + 1)
        # What stands before the first run of two spaces: the names.
        names = text
        cut = index(text, "  ")
        if (cut > 0) names = substr(text, 1, cut - 1)
        if (indent == 0 && names ~ /\/$/) { folder = names; next }
        if (indent == 0) folder = ""
        n = split(names, parts, /, */)
        ok = n > 0
        for (i = 1; i <= n; i++)
            if (parts[i] !~ /^([A-Za-z0-9_]+\.(c|h|js)|CMakeLists\.txt)$/) ok = 0
        if (!ok) next
        for (i = 1; i <= n; i++) print folder parts[i]
    }' "$DOC" | sort -u)

if [ -z "$mapped" ]; then
    echo "code_map: no map found under \"## The desktop game's files\" in docs/hacking.md"
    exit 1
fi

present=$(cd "$SRC/game/desktop" && find . -type f \( -name '*.c' -o -name '*.h' -o -name '*.js' \
    -o -name CMakeLists.txt \) | sed 's|^\./||' | sort -u)

while IFS= read -r f; do
    [ -n "$f" ] || continue
    if ! grep -qxF "$f" <<<"$mapped"; then
        echo "code_map: game/desktop/$f is not in docs/hacking.md's map of the desktop's files"
        fail=1
    fi
done <<<"$present"
while IFS= read -r f; do
    [ -n "$f" ] || continue
    if ! grep -qxF "$f" <<<"$present"; then
        echo "code_map: docs/hacking.md's map names game/desktop/$f, which is not there"
        fail=1
    fi
done <<<"$mapped"

# The other modules, by stem.
for dir in engine/src engine/support engine/tools game/cli game/common bench server; do
    [ -d "$SRC/$dir" ] || continue
    while IFS= read -r f; do
        stem=$(basename "$f")
        stem=${stem%.*}
        if ! grep -qE "(^|[^A-Za-z0-9_])${stem}\.(c|h|\{c,h\})([^A-Za-z0-9_]|$)" "$DOC"; then
            echo "code_map: $dir/$(basename "$f") is not named in docs/hacking.md (as ${stem}.c or ${stem}.h)"
            fail=1
        fi
    done < <(cd "$SRC/$dir" && find . -maxdepth 1 -type f \( -name '*.c' -o -name '*.h' \) \
        ! -name '*_data.c' | sort)
done

if [ "$fail" -eq 0 ]; then
    echo "code_map: $(wc -l <<<"$present") files of game/desktop and every module of the other folders are in docs/hacking.md"
fi
exit "$fail"
