// Completion script for fish: the same lookups as switch statements, candidates with their
// descriptions (fish shows them beside each word).
import { optionPatterns, specText, type Described, type Tables } from './tables';

/** Single-quoted for fish: only \ and ' are special inside (a `case` still reads `*` as a wildcard). */
const q = (s: string): string => `'${s.replace(/[\\']/g, (c) => `\\${c}`)}'`;
/** A description on one line, short enough for a completion pager. */
const line = (d: Described): string => q(`${d.word}\t${d.description.replace(/\s+/g, ' ').slice(0, 80)}`);

function listSwitch(name: string, comment: string, map: ReadonlyMap<string, readonly Described[]>): string {
  return [
    `# ${comment}`,
    `function __sitedeck_${name}`,
    '    switch "$argv[1]"',
    ...[...map].filter(([, l]) => l.length).map(([key, l]) => `        case ${q(key)}\n            printf '%s\\n' ${l.map(line).join(' ')}`),
    '    end',
    'end',
  ].join('\n');
}

function optionSwitch(t: Tables): string {
  return [
    '# What the value of option $argv[2] at command $argv[1] takes; status 1: it takes none.',
    'function __sitedeck_option_value',
    '    switch "$argv[1]|$argv[2]"',
    ...t.optionValues.map((v) => `        case ${optionPatterns(v).map(q).join(' ')}\n            echo ${q(specText(v.spec))}`),
    "        case '*'\n            return 1",
    '    end',
    'end',
  ].join('\n');
}

function argumentSwitch(t: Tables): string {
  return [
    '# What positional argument $argv[2] (from 0) of command $argv[1] takes, the argument before it being $argv[3].',
    'function __sitedeck_argument',
    '    switch "$argv[1]|$argv[2]|$argv[3]"',
    ...[...t.argumentValues].map(([key, v]) => `        case ${q(key)}\n            echo ${q(specText(v))}`),
    "        case '*'\n            echo text",
    '    end',
    'end',
  ].join('\n');
}

const DRIVER = String.raw`
# Prints what value spec $argv[1] offers, each word prefixed with $argv[2].
function __sitedeck_offer
    switch $argv[1]
        case 'words: *'
            for w in (string split ' ' -- (string replace 'words: ' '' -- $argv[1]))
                echo $argv[2]$w
            end
        case file
            __fish_complete_path (commandline -ct | string replace -r '^-[^=]*=' '')
        case profile
            for p in ($__sitedeck_cmd config profiles 2>/dev/null | string sub -s 3 | string split -f1 \t)
                echo $argv[2]$p
            end
    end
end

function __sitedeck_complete
    set -l words (commandline -opc)
    set -g __sitedeck_cmd $words[1]
    set -l cur (commandline -ct)
    set -l at ''
    set -l n 0
    set -l last ''
    set -l i 2
    while test $i -le (count $words)
        set -l word $words[$i]
        switch $word
            case '-*=*'
            case '-*'
                if __sitedeck_option_value $at $word >/dev/null
                    if test $i -eq (count $words)
                        __sitedeck_offer (__sitedeck_option_value $at $word) ''
                        return
                    end
                    set i (math $i + 1)
                end
            case '*'
                if test $n -eq 0; and contains -- $word (__sitedeck_commands $at | string split -f1 \t)
                    set at (string trim -- "$at $word")
                else
                    set n (math $n + 1)
                    set last $word
                end
        end
        set i (math $i + 1)
    end
    switch $cur
        case '-*=*'
            set -l opt (string split -m1 = -- $cur)[1]
            if set -l spec (__sitedeck_option_value $at $opt)
                __sitedeck_offer $spec "$opt="
            end
        case '-*'
            __sitedeck_options $at
        case '*'
            if test $n -eq 0
                __sitedeck_commands $at
            end
            __sitedeck_offer (__sitedeck_argument $at $n $last) ''
    end
end

complete -c sitedeck -f -a '(__sitedeck_complete)'
`;

export function fishScript(t: Tables): string {
  return `# sitedeck completion for fish (made by \`sitedeck completion fish\`). Load it:
#   sitedeck completion fish > ~/.config/fish/completions/sitedeck.fish

${listSwitch('commands', 'The subcommands of a command ($argv[1]: its path, "" for sitedeck itself), with descriptions.', t.commands)}

${listSwitch('options', "The options a command accepts, its parents' included.", t.options)}

${optionSwitch(t)}

${argumentSwitch(t)}
${DRIVER}`;
}
