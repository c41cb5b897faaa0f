#!/usr/bin/env bash
# completion_test.sh - run by ctest (test dist_completion): sources the bash
# completion of ttt and tictactoe in a plain bash (no bash-completion), asks
# it for a few completions the way bash does (COMP_WORDS, COMP_CWORD, with
# '=' as a word of its own, as bash's default COMP_WORDBREAKS splits it) and
# checks the answers; then checks that every option each program's --help
# lists (in English) is offered after "--" or "-".
#
#   completion_test.sh COMPLETION_DIR TTT TICTACTOE   (either program may be "")
set -uo pipefail

dir=$1 ttt=${2:-} tictactoe=${3:-}
failures=0
checked=0

# complete_line FUNCTION WORD...: sets COMPREPLY as bash would for a line
# whose words are WORD... with the cursor at the end of the last one ("" for
# a new word).
complete_line() {
    local fn=$1
    shift
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    "$fn"
}

# same_set "A B ..." "C D ...": true when the two lists hold the same words
# (in any order). Pure bash: these checks run often, forks are slow.
same_set() {
    local -A seen=()
    local word n=0
    for word in $1; do
        seen[$word]=1
        n=$((n + 1))
    done
    for word in $2; do
        [ -n "${seen[$word]:-}" ] || return 1
        n=$((n - 1))
    done
    [ "$n" -eq 0 ]
}

# expect "WANTED REPLIES" FUNCTION WORD...: the replies must be exactly these.
expect() {
    local want=$1
    shift
    complete_line "$@"
    checked=$((checked + 1))
    if ! same_set "$want" "${COMPREPLY[*]}"; then
        echo "FAIL: completing '${*:2}' gave '${COMPREPLY[*]}', expected '$want'" >&2
        failures=$((failures + 1))
    fi
}

# expect_includes OPTIONS FUNCTION WORD...: every one of OPTIONS is among the replies.
expect_includes() {
    local want=$1 option reply found
    shift
    complete_line "$@"
    for option in $want; do
        checked=$((checked + 1))
        found=0
        for reply in "${COMPREPLY[@]}"; do
            [ "$reply" = "$option" ] && found=1
        done
        if [ "$found" -eq 0 ]; then
            echo "FAIL: completing '${*:2}' does not offer $option (from --help)" >&2
            failures=$((failures + 1))
        fi
    done
}

# help_options PROGRAM ARGS...: the options its --help lists, in English.
help_options() {
    LC_ALL=C LANGUAGE= "$@" </dev/null | grep -oE '(^|[ ,(])--?[a-zA-Z][a-z-]*' | sed 's/^[ ,(]//' |
        sort -u
}

if [ -n "$ttt" ]; then
    # shellcheck source=/dev/null
    source "$dir/ttt.bash" || exit 1
    complete -p ttt | grep -q -- '-F _ttt' || { echo "FAIL: no completion registered for ttt" >&2; exit 1; }
    expect "play battle analyze review puzzle online help" _ttt ttt ""
    expect "play puzzle" _ttt ttt p
    expect "play" _ttt ttt pl
    expect "-h --help -V --version" _ttt ttt -
    expect "--difficulty" _ttt ttt play --diff
    expect "easy medium hard unbeatable perfect" _ttt ttt play -d ""
    expect "human computer x o" _ttt ttt play --first ""
    expect "computer" _ttt ttt play --first c
    expect "computer" _ttt ttt play --first = c
    expect "--first=computer" _ttt ttt play --first=c
    expect "3 4" _ttt ttt play --size 4 --k ""
    expect "3 4 5 6 7 8" _ttt ttt battle --size ""
    expect "random rules" _ttt ttt battle --x r
    expect "first-free" _ttt ttt battle --o fi
    expect "x o" _ttt ttt analyze --turn ""
    expect "" _ttt ttt analyze ""
    expect "--json" _ttt ttt analyze "x.. ... ..." --j
    expect "" _ttt ttt play --seed ""
    expect "--json" _ttt ttt review --j
    expect "easy medium hard" _ttt ttt puzzle --level ""
    expect "3 4 5 6" _ttt ttt puzzle --board 6 --k ""
    expect "--daily" _ttt ttt puzzle --da
    expect "online" _ttt ttt o
    expect "create join watch resume" _ttt ttt online ""
    expect "create" _ttt ttt online cr
    expect "--size --k --first --server -h --help" _ttt ttt online create -
    expect "--server -h --help" _ttt ttt online join -
    expect "" _ttt ttt online join ""
    expect "" _ttt ttt online --server ws://localhost:7682/ join ""
    expect "me friend" _ttt ttt online create --first ""
    expect "friend" _ttt ttt online create --first = f
    expect "3 4 5" _ttt ttt online create --size 5 --k ""
    expect "" _ttt ttt online create --server ""
    # Game records for review and --resume, from the current directory.
    scratch=$(mktemp -d)
    touch "$scratch/game-a.ttt" "$scratch/game-b.ttt"
    expect "$scratch/game-a.ttt $scratch/game-b.ttt" _ttt ttt review "$scratch/game"
    expect "$scratch/game-a.ttt $scratch/game-b.ttt" _ttt ttt play --resume "$scratch/game"
    rm -rf "$scratch"
    for command in play battle analyze review puzzle; do
        expect_includes "$(help_options "$ttt" "$command" --help)" _ttt ttt "$command" -
    done
    # ttt online, where it is built (its --help lists create's options).
    if "$ttt" online --help >/dev/null 2>&1; then
        expect_includes "$(help_options "$ttt" online --help)" _ttt ttt online create -
    fi
fi

if [ -n "$tictactoe" ]; then
    # shellcheck source=/dev/null
    source "$dir/tictactoe.bash" || exit 1
    complete -p tictactoe | grep -q -- '-F _tictactoe' ||
        { echo "FAIL: no completion registered for tictactoe" >&2; exit 1; }
    expect "--mode" _tictactoe tictactoe --mo
    expect "human-vs-computer two-players computer-vs-computer hvc pvp cvc" _tictactoe tictactoe --mode ""
    expect "dark" _tictactoe tictactoe --theme d
    expect "x o random" _tictactoe tictactoe --side ""
    expect "x o human computer" _tictactoe tictactoe --first ""
    expect "3 4 5" _tictactoe tictactoe --size 5 --k ""
    expect "slow" _tictactoe tictactoe --speed = s
    expect "" _tictactoe tictactoe --seed ""
    # File names for --settings, from the current directory.
    scratch=$(mktemp -d)
    touch "$scratch/settings-a.ini" "$scratch/settings-b.ini"
    expect "$scratch/settings-a.ini $scratch/settings-b.ini" _tictactoe tictactoe --settings "$scratch/set"
    rm -rf "$scratch"
    expect_includes "$(help_options "$tictactoe" --help)" _tictactoe tictactoe -
fi

if [ "$checked" -eq 0 ]; then
    echo "FAIL: nothing checked (no program given)" >&2
    exit 1
fi
if [ "$failures" -gt 0 ]; then
    echo "completion: $failures of $checked checks failed" >&2
    exit 1
fi
echo "completion: $checked checks passed"
