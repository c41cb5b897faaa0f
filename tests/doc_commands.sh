#!/usr/bin/env bash
# doc_commands.sh - runs the example commands of Markdown documents and checks
# them against what the documents show, so the documentation cannot drift
# from the programs. Run by ctest (tests/cli/cli_docs_examples.cmake,
# tests/desktop/CMakeLists.txt):
#
#   TTT=... GETTING_STARTED=... TICTACTOE=... doc_commands.sh WORK_DIR DOC...
#
# What counts as an example: inside a fenced block (```), a line starting
# with "$ " is a command (continued on the next line while it ends with a
# backslash); the lines after it, up to the next "$ " line or the end of the
# block, are its output. "$ echo $?" followed by a number gives the exit
# status of the command before it; every other command must exit with 0.
# Each command runs under sh in a scratch directory with an empty standard
# input (unless the command pipes its own), where the programs the documents
# name are found as they would be in the repository after a build:
#   ttt                             on PATH          (TTT)
#   ./build/engine/getting_started  the example      (GETTING_STARTED)
#   ./build/game/desktop/tictactoe  the desktop game (TICTACTOE)
# A program whose variable is empty or unset is not there, so a document
# that names it fails. The desktop game gets its own settings file. The
# documents show English: commands run in the C locale (a command may set
# its own, as a translation example does).
#
# Output is compared when the document shows some: standard output followed
# by standard error must read as shown, where a line "..." (indented or not)
# stands for any number of lines left out. A command shown without output is
# checked for its exit status only. A document without any command fails,
# so a change of format cannot silently check nothing.
set -uo pipefail

if [ $# -lt 2 ]; then
    echo "usage: doc_commands.sh WORK_DIR DOC..." >&2
    exit 2
fi
work=$1
shift
rm -rf "$work"
mkdir -p "$work/bin" "$work/sandbox"
work=$(cd "$work" && pwd)
sandbox="$work/sandbox"

# The programs, where the documents' commands look for them.
link() { # link TARGET LINK: a symbolic link, its directory made first
    mkdir -p "$(dirname "$2")"
    ln -s "$1" "$2"
}
[ -n "${TTT:-}" ] && link "$TTT" "$work/bin/ttt"
[ -n "${GETTING_STARTED:-}" ] && link "$GETTING_STARTED" "$sandbox/build/engine/getting_started"
[ -n "${TICTACTOE:-}" ] && link "$TICTACTOE" "$sandbox/build/game/desktop/tictactoe"
export PATH="$work/bin:$PATH"
export TICTACTOE_SETTINGS="$work/tictactoe-settings.ini"
export LC_ALL=C
unset LANGUAGE

failures=0
checked=0

# check DOC LINE: runs the collected command ($cmd) and compares its exit
# status with $want_rc and its output with the lines in $expected.
check() {
    local doc=$1 line=$2 n=$((checked + 1))
    local out="$work/$n.out" err="$work/$n.err" rc
    (cd "$sandbox" && sh -c "$cmd" <"$work/empty" >"$out" 2>"$err")
    rc=$?
    checked=$n
    local why=""
    if [ "$rc" != "$want_rc" ]; then
        why="exit status $rc, the document says $want_rc"
    elif [ ${#expected[@]} -gt 0 ] && ! matches "$(cat "$out" "$err"; echo x)"; then
        why="the output is not what the document shows"
    fi
    if [ -n "$why" ]; then
        failures=$((failures + 1))
        {
            echo "FAIL $doc:$line: $why"
            echo "command: $cmd"
            echo "--- expected (... = lines left out) ---"
            printf '%s\n' "${expected[@]}"
            echo "--- stdout ---"
            cat "$out"
            echo "--- stderr ---"
            cat "$err"
            echo "---"
        } >&2
    else
        echo "ok   $doc:$line: $cmd"
    fi
}

# matches ACTUAL: ACTUAL (with an "x" appended, so that command substitution
# keeps its trailing newlines) reads as the lines in $expected, a "..." line
# matching any run of lines.
matches() {
    local rest=${1%x} chunk="" first=1 anchored=1 l
    local -a chunks=()
    # Split the expected lines into the chunks between "..." lines; an
    # empty chunk marks the place of a "...".
    local i
    for ((i = 0; i < ${#expected[@]}; i++)); do
        l=${expected[$i]}
        if [[ $l =~ ^[[:space:]]*\.\.\.$ ]]; then
            [ -n "$chunk" ] && chunks+=("$chunk")
            chunks+=("")
            chunk=""
        else
            chunk+="$l"$'\n'
        fi
    done
    [ -n "$chunk" ] && chunks+=("$chunk")
    local count=${#chunks[@]} c
    for ((i = 0; i < count; i++)); do
        c=${chunks[$i]}
        if [ -z "$c" ]; then # a "...": what follows may come later
            anchored=0
            continue
        fi
        if [ $i -eq $((count - 1)) ]; then # the last chunk ends the output
            if [ $anchored -eq 1 ]; then
                [ "$rest" == "$c" ] || return 1
            else
                [[ $rest == *$'\n'"$c" || ($first -eq 1 && $rest == "$c") ]] || return 1
            fi
            return 0
        fi
        if [ $anchored -eq 1 ]; then
            [[ $rest == "$c"* ]] || return 1
            rest=${rest#"$c"}
        else
            # After a "...", the chunk starts a line somewhere later.
            if [[ $first -eq 1 && $rest == "$c"* ]]; then
                rest=${rest#"$c"}
            elif [[ $rest == *$'\n'"$c"* ]]; then
                rest=${rest#*$'\n'"$c"}
            else
                return 1
            fi
        fi
        first=0
        anchored=1
    done
    # Ended with a "...": anything may follow.
    return 0
}

: >"$work/empty"
for doc in "$@"; do
    name=${doc##*/}
    [ -f "$doc" ] || { echo "FAIL $doc: no such document" >&2; failures=$((failures + 1)); continue; }
    before=$checked
    in_fence=0 cmd="" cmd_line=0 continued=0 want_rc=0 expected=() status_next=0
    lineno=0
    # Runs the pending command, if any.
    flush() {
        if [ -n "$cmd" ]; then check "$name" "$cmd_line"; fi
        cmd="" expected=() want_rc=0
    }
    while IFS= read -r text || [ -n "$text" ]; do
        lineno=$((lineno + 1))
        if [[ $text == '```'* ]]; then
            [ $in_fence -eq 1 ] && flush
            in_fence=$((1 - in_fence))
            status_next=0
            continue
        fi
        [ $in_fence -eq 1 ] || continue
        if [ $continued -eq 1 ]; then # the rest of a command
            cmd+=$'\n'"$text"
            [[ $text == *\\ ]] || continued=0
            continue
        fi
        if [ $status_next -eq 1 ]; then # the output of "echo $?"
            want_rc=$text
            status_next=0
            continue
        fi
        if [[ $text == '$ echo $?' ]]; then # the status of the command before
            status_next=1
            continue
        fi
        if [[ $text == '$ '* ]]; then
            flush
            cmd=${text#'$ '}
            cmd_line=$lineno
            [[ $text == *\\ ]] && continued=1
            continue
        fi
        [ -n "$cmd" ] && expected+=("$text")
    done <"$doc"
    flush
    if [ "$checked" -eq "$before" ]; then
        echo "FAIL $doc: no example commands found" >&2
        failures=$((failures + 1))
    fi
done

echo "$checked commands checked, $failures failed"
[ "$failures" -eq 0 ]
