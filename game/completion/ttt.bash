# ttt.bash - bash completion for the terminal program ttt: its commands,
# each command's options and the values they take. Installed as ttt in
# bash-completion's completionsdir (cmake/TttInstall.cmake), where
# bash-completion loads it the first time ttt is completed; or source it.
# Needs nothing but bash: no bash-completion helpers. The test
# completion_bash checks it against 'ttt COMMAND --help'.

# _ttt_words <words...>: the candidates among the words that start with $cur,
# each prefixed with $prefix (the "--opt=" of a word that holds both).
_ttt_words()
{
    local IFS=$'\n'
    COMPREPLY=($(compgen -P "$prefix" -W "$*" -- "$cur"))
}

# _ttt_files: the file names that start with $cur (game records).
_ttt_files()
{
    local IFS=$'\n'
    COMPREPLY=($(compgen -f -- "$cur"))
}

_ttt()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev="" prefix="" i word command=""
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

    # The command is the first word after ttt that is not an option.
    local command_at=0
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if [[ $word != -* ]]; then
            command=$word
            command_at=$i
            break
        fi
    done

    local sizes="3 4 5 6 7 8" k_values="3 4 5 6 7 8"
    # --k goes up to the board size when --size is on the line already.
    for ((i = 1; i < COMP_CWORD; i++)); do
        if [[ ${COMP_WORDS[i]} == --size || ${COMP_WORDS[i]} == --board ]] &&
            [[ ${COMP_WORDS[i + 1]} =~ ^[3-8]$ ]]; then
            k_values=$(seq 3 "${COMP_WORDS[i + 1]}")
        elif [[ ${COMP_WORDS[i]} == --size=[3-8] ]]; then
            k_values=$(seq 3 "${COMP_WORDS[i]#--size=}")
        elif [[ ${COMP_WORDS[i]} == --board=[3-8] ]]; then
            k_values=$(seq 3 "${COMP_WORDS[i]#--board=}")
        fi
    done

    case $command in
    "")
        if [[ $cur == -* ]]; then
            _ttt_words -h --help -V --version
        else
            _ttt_words play battle analyze review puzzle online help
        fi
        ;;
    play)
        case $prev in
        --first) _ttt_words human computer x o ;;
        --size) _ttt_words $sizes ;;
        --k) _ttt_words $k_values ;;
        -d | --difficulty) _ttt_words easy medium hard unbeatable perfect ;;
        --opponent) _ttt_words computer human ;;
        --verbose-depth) _ttt_words 1 2 3 4 5 6 ;;
        --seed | --time) COMPREPLY=() ;;
        --resume | --save) _ttt_files ;;
        *)
            _ttt_words --first --o-starts --size --k -d --difficulty --seed --opponent --time \
                --resume --save -v --verbose --verbose-depth -h --help
            ;;
        esac
        ;;
    battle)
        case $prev in
        --x | --o) _ttt_words perfect unbeatable easy medium hard random first-free rules threat ;;
        --size) _ttt_words $sizes ;;
        --k) _ttt_words $k_values ;;
        --games | --seed | --time) COMPREPLY=() ;;
        *)
            _ttt_words --x --o --games --seed --size --k --o-starts --alternate --time --ponder -h \
                --help
            ;;
        esac
        ;;
    analyze)
        case $prev in
        --size) _ttt_words $sizes ;;
        --k) _ttt_words $k_values ;;
        --turn) _ttt_words x o ;;
        --time) COMPREPLY=() ;;
        *)
            # The BOARD is free text; only options are offered.
            if [[ $cur == -* ]]; then
                _ttt_words --size --k --turn --json --time -h --help
            else
                COMPREPLY=()
            fi
            ;;
        esac
        ;;
    review)
        case $prev in
        --time) COMPREPLY=() ;;
        *)
            # FILE is a game record: files, or the options.
            if [[ $cur == -* ]]; then
                _ttt_words --json --time -h --help
            else
                _ttt_files
            fi
            ;;
        esac
        ;;
    puzzle)
        case $prev in
        --board) _ttt_words $sizes ;;
        --k) _ttt_words $k_values ;;
        --level) _ttt_words easy medium hard ;;
        --number) COMPREPLY=() ;;
        *)
            _ttt_words --board --k --level --number --daily --check -h --help
            ;;
        esac
        ;;
    online)
        # The action (create, join, watch, resume) is the next word; join
        # and watch take a room's code (free text).
        local action="" j before
        for ((j = command_at + 1; j < COMP_CWORD; j++)); do
            word=${COMP_WORDS[j]} before=${COMP_WORDS[j - 1]}
            # Not an option, nor an option's value ("--server URL", "--k = 3").
            [[ $word == -* || $word == "=" || $before == "=" ]] && continue
            [[ $before == --server || $before == --size || $before == --k || $before == --first ]] &&
                continue
            action=$word
            break
        done
        case $prev in
        --size) _ttt_words $sizes ;;
        --k) _ttt_words $k_values ;;
        --first) _ttt_words me friend ;;
        --server) COMPREPLY=() ;;
        *)
            if [[ $cur == -* ]]; then
                case $action in
                create) _ttt_words --size --k --first --server -h --help ;;
                *) _ttt_words --server -h --help ;;
                esac
            elif [[ -z $action ]]; then
                _ttt_words create join watch resume
            else
                COMPREPLY=()
            fi
            ;;
        esac
        ;;
    *) COMPREPLY=() ;;
    esac
}
complete -F _ttt ttt
