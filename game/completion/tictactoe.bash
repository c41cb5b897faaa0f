# tictactoe.bash - bash completion for the desktop game tictactoe: its
# options and the values they take. Installed as tictactoe in
# bash-completion's completionsdir (cmake/TttInstall.cmake), where
# bash-completion loads it the first time tictactoe is completed; or source
# it. Needs nothing but bash. The test completion_bash checks it against
# 'tictactoe --help'.

_tictactoe()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev="" prefix="" i words=""
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    # "--size=4": a separate "=" word when '=' breaks words (bash's default),
    # one word when it does not.
    if [[ $cur == "=" ]]; then
        cur=""
    elif [[ $prev == "=" ]] && ((COMP_CWORD >= 2)); then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    elif [[ $cur == --*=* ]]; then
        prev=${cur%%=*}
        prefix="$prev="
        cur=${cur#*=}
    fi

    local k_values="3 4 5 6 7 8"
    for ((i = 1; i < COMP_CWORD; i++)); do
        if [[ ${COMP_WORDS[i]} == --size && ${COMP_WORDS[i + 1]} =~ ^[3-8]$ ]]; then
            k_values=$(seq 3 "${COMP_WORDS[i + 1]}")
        fi
    done

    case $prev in
    --mode) words="human-vs-computer two-players computer-vs-computer hvc pvp cvc" ;;
    --difficulty) words="easy medium hard unbeatable" ;;
    --size) words="3 4 5 6 7 8" ;;
    --k) words=$k_values ;;
    --side) words="x o random" ;;
    --first) words="x o human computer" ;;
    --speed) words="slow normal fast" ;;
    --theme) words="light dark contrast" ;;
    --speak) words="auto on off" ;;
    --settings | --screenshot | --open | --speech-log)
        # File names; directories too, to walk into.
        compopt -o filenames 2>/dev/null
        local IFS=$'\n'
        COMPREPLY=($(compgen -P "$prefix" -f -- "$cur"))
        return
        ;;
    --think-delay-ms | --seed | --width | --height | --frame-budget-ms | --quit-after-frames | \
        --quit-after-games | --server)
        COMPREPLY=()
        return
        ;;
    *)
        words="--mode --difficulty --size --k --side --first --speed --think-delay-ms --seed
               --theme --settings --open --server --width --height --fullscreen --frame-budget-ms --overlay
               --mute --speak --stats --quit-after-frames --quit-after-games --screenshot
               --speech-log -V --version -h --help"
        ;;
    esac
    local IFS=$' \t\n'
    COMPREPLY=($(compgen -P "$prefix" -W "$words" -- "$cur"))
}
complete -F _tictactoe tictactoe
