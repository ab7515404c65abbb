# bash completion for skatdd: commands, each command's options, the values
# of options that take a word (rule systems from `skatdd rules`, formats,
# seats ...), and file names (YAML deal files, directories).
# Installed as $(PREFIX)/share/bash-completion/completions/skatdd; needs
# nothing of the bash-completion package.

_skatdd_rule_names()
{
    # The systems the skatdd being completed knows ($SKATDD_RULES_DIR
    # included); the built-in names when it cannot be run.
    local names
    names=$("$1" rules 2>/dev/null | awk '$2 != "error:" { print $1 }')
    printf '%s\n' "${names:-classic isko texas tournee}"
}

_skatdd_files()
{
    # Directories, and files matching the glob $1 (all files when empty).
    compopt -o filenames 2>/dev/null
    local IFS=$'\n'
    if [[ -n $1 ]]; then
        COMPREPLY+=($(compgen -d -- "$cur") $(compgen -f -X "!$1" -- "$cur"))
    else
        COMPREPLY+=($(compgen -f -- "$cur"))
    fi
}

_skatdd()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local commands="solve score table evaluate rules analyze problems batch stats"
    COMPREPLY=()
    # --option=value: bash splits it into "--option" "=" "value".
    if [[ $cur == = ]]; then
        cur=""
    elif [[ $prev == = ]] && ((COMP_CWORD >= 3)); then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi

    if ((COMP_CWORD == 1)); then
        COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
        return
    fi

    case $prev in
    --rules)
        COMPREPLY=($(compgen -W "$(_skatdd_rule_names "${COMP_WORDS[0]}")" -- "$cur"))
        _skatdd_files '*.yaml'
        return ;;
    --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
    --scheme) COMPREPLY=($(compgen -W "seeger-fabian texas-match-points" -- "$cur")); return ;;
    --table-size) COMPREPLY=($(compgen -W "3 4" -- "$cur")); return ;;
    --declarer) COMPREPLY=($(compgen -W "forehand middlehand rearhand" -- "$cur")); return ;;
    --job) COMPREPLY=($(compgen -W "solve table evaluate analyze" -- "$cur")); return ;;
    --output) _skatdd_files '*.jsonl'; return ;;
    --contract | --random | --chunk) return ;; # a contract or a number: nothing to offer
    --model) COMPREPLY=($(compgen -W "double-dummy single-dummy" -- "$cur")); return ;;
    --plot) _skatdd_files '*.svg'; return ;;
    --html) _skatdd_files '*.html'; return ;;
    --threads | --tt-mb | --samples | --discards | --seed | --confidence | --sd-layouts | --sd-contracts | --lost-levels-every)
        return ;; # a number: nothing to offer
    esac

    local options
    case ${COMP_WORDS[1]} in
    batch)
        # batch's own options, and those of the job once --job names it.
        options="--job --random --seed --contract --declarer --output --chunk --rules --threads --tt-mb --quiet --format"
        local i
        for ((i = 2; i < COMP_CWORD; i++)); do
            if [[ ${COMP_WORDS[i]} == --job ]]; then
                case ${COMP_WORDS[i + 1]} in
                solve) options+=" --after" ;;
                evaluate) options+=" --samples --quick --discards --model --sd-layouts --sd-contracts --confidence --lost-levels-every --fresh-check" ;;
                analyze) options+=" --min-cost" ;;
                esac
            fi
        done ;;
    stats) options="--csv --plot --rules" ;;
    solve) options="--after --rules --format --threads --tt-mb --ascii --symbols" ;;
    score) options="--rules --scheme --table-size --format" ;;
    table) options="--declarer --rules --threads --tt-mb --format --ascii --symbols" ;;
    evaluate) options="--samples --quick --discards --model --sd-layouts --sd-contracts --seed
                       --confidence --plot --fresh-check --lost-levels-every --rules --threads --tt-mb --format --quiet
                       --ascii --symbols" ;;
    analyze) options="--min-cost --html --rules --format --threads --tt-mb --ascii --symbols" ;;
    problems) options="--rules --format --threads --tt-mb" ;;
    rules) options="" ;;
    *) return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$options --help" -- "$cur"))
        return
    fi
    case ${COMP_WORDS[1]} in
    rules)
        COMPREPLY=($(compgen -W "$(_skatdd_rule_names "${COMP_WORDS[0]}")" -- "$cur"))
        _skatdd_files '*.yaml' ;;
    analyze) _skatdd_files '' ;; # YAML records and ISS records of any name
    batch) _skatdd_files '' ;; # YAML deals and ISS records
    stats) _skatdd_files '*.jsonl' ;;
    *) _skatdd_files '*.yaml' ;;
    esac
}

complete -F _skatdd skatdd
