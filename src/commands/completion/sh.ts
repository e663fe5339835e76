// Completion scripts for bash and zsh: the same lookup functions (plain `case`, which both shells
// read alike, bash 3.2 included) and a driver per shell that walks the words typed.
import { optionPatterns, specText, type Tables } from './tables';

/** Single-quoted for sh: nothing inside is expanded. */
const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
/** A `case` pattern: quoted but for its `*` wildcards. */
const pattern = (p: string): string =>
  p
    .split('*')
    .map((part) => (part ? q(part) : ''))
    .join('*');

function lookups(t: Tables): string {
  const listCase = (name: string, comment: string, map: ReadonlyMap<string, readonly { word: string }[]>) =>
    [
      `# ${comment}`,
      `_sitedeck_${name}() {`,
      '  case $1 in',
      ...[...map].filter(([, l]) => l.length).map(([key, l]) => `    ${q(key)}) REPLY=${q(l.map((d) => d.word).join(' '))} ;;`),
      "    *) REPLY='' ;;",
      '  esac',
      '}',
    ].join('\n');
  const optionCase = [
    '# What the value of option $2 at command $1 takes: "words: …", file, profile or text; status 1: it takes none.',
    '_sitedeck_option_value() {',
    '  case "$1|$2" in',
    ...t.optionValues.map((v) => `    ${optionPatterns(v).map(pattern).join('|')})\n      REPLY=${q(specText(v.spec))} ;;`),
    '    *) return 1 ;;',
    '  esac',
    '}',
  ].join('\n');
  const argumentCase = [
    '# What positional argument $2 (from 0) of command $1 takes, the argument before it being $3.',
    '_sitedeck_argument() {',
    '  case "$1|$2|$3" in',
    ...[...t.argumentValues].map(([key, v]) => `    ${pattern(key)}) REPLY=${q(specText(v))} ;;`),
    "    *) REPLY='text' ;;",
    '  esac',
    '}',
  ].join('\n');
  return [
    listCase('commands', 'The subcommands of a command ($1: its path, "" for sitedeck itself).', t.commands),
    listCase('options', "The options a command accepts, its parents' included.", t.options),
    optionCase,
    argumentCase,
  ].join('\n\n');
}

const BASH_DRIVER = String.raw`
# Adds to COMPREPLY each line of stdin that starts with $1, quoted for the command line. Candidates
# are data: compared as text and quoted with %q, never given to compgen -W (which expands $(…)).
_sitedeck_add() {
  local line quoted
  while IFS= read -r line; do
    [[ -n $line && $line == "$1"* ]] || continue
    printf -v quoted '%q' "$line"
    COMPREPLY+=("$quoted")
  done
}

# Adds to COMPREPLY what value spec $1 offers for the word $2 (one candidate a line: paths may hold spaces).
_sitedeck_offer() {
  local IFS=$'\n'
  case $1 in
    'words: '*)
      set -- "\${1#words: }" "$2"; _sitedeck_add "$2" <<<"\${1// /$'\n'}"
      # A word ending in = (check=) is finished by its value: no space after it.
      [[ \${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null ;;
    file) COMPREPLY+=($(compgen -f -- "$2")); compopt -o filenames 2>/dev/null ;;
    profile) _sitedeck_add "$2" < <("\${COMP_WORDS[0]}" config profiles 2>/dev/null | cut -c3- | cut -f1) ;;
  esac
  return 0
}

_sitedeck() {
  local cur=\${COMP_WORDS[COMP_CWORD]} at='' word valueof='' last='' n=0 i=1 j REPLY
  COMPREPLY=()
  while ((i < COMP_CWORD)); do
    word=\${COMP_WORDS[i]}
    case $word in
      -*=*) ;;
      -*)
        if _sitedeck_option_value "$at" "$word"; then
          j=$((i + 1))
          # bash splits "--sort=asc" at "=" (COMP_WORDBREAKS): the value follows the "=".
          [[ \${COMP_WORDS[j]} == = ]] && j=$((j + 1))
          if ((j >= COMP_CWORD)); then valueof=$word; break; fi
          i=$j
        fi ;;
      *)
        _sitedeck_commands "$at"
        if ((n == 0)) && [[ " $REPLY " == *" $word "* ]]; then at=\${at:+$at }$word; else n=$((n + 1)); last=$word; fi ;;
    esac
    i=$((i + 1))
  done
  [[ $cur == = ]] && cur=''
  if [[ -n $valueof ]]; then
    _sitedeck_option_value "$at" "$valueof"
    _sitedeck_offer "$REPLY" "$cur"
    return 0
  fi
  case $cur in
    -*=*)
      if _sitedeck_option_value "$at" "\${cur%%=*}"; then
        _sitedeck_offer "$REPLY" "\${cur#*=}"
        COMPREPLY=("\${COMPREPLY[@]/#/\${cur%%=*}=}")
      fi ;;
    -*)
      _sitedeck_options "$at"
      _sitedeck_add "$cur" <<<"\${REPLY// /$'\n'}" ;;
    *)
      if ((n == 0)); then
        _sitedeck_commands "$at"
        _sitedeck_add "$cur" <<<"\${REPLY// /$'\n'}"
      fi
      _sitedeck_argument "$at" "$n" "$last"
      _sitedeck_offer "$REPLY" "$cur" ;;
  esac
  return 0
}
complete -F _sitedeck sitedeck
`.replaceAll('\\${', '${');

const ZSH_DRIVER = String.raw`
# Offers what value spec $1 holds.
_sitedeck_offer() {
  case $1 in
    'words: '*)
      local -a w=(\${=\${1#words: }})
      # A word ending in = (check=) is finished by its value: no space after it.
      compadd -S '' -- \${(M)w:#*=}
      compadd -- \${w:#*=} ;;
    file) _files ;;
    profile) compadd -- \${(f)"$(\${words[1]} config profiles 2>/dev/null | cut -c3- | cut -f1)"} ;;
  esac
  return 0
}

# $at: the command reached so far (not $path: zsh ties that to $PATH).
_sitedeck() {
  local cur=\${words[CURRENT]} at='' word valueof='' last='' n=0 i=2 REPLY
  while (( i < CURRENT )); do
    word=\${words[i]}
    case $word in
      -*=*) ;;
      -*)
        if _sitedeck_option_value "$at" "$word"; then
          if (( i + 1 >= CURRENT )); then valueof=$word; break; fi
          i=$((i + 1))
        fi ;;
      *)
        _sitedeck_commands "$at"
        if (( n == 0 )) && [[ " $REPLY " == *" $word "* ]]; then at=\${at:+$at }$word; else n=$((n + 1)); last=$word; fi ;;
    esac
    i=$((i + 1))
  done
  if [[ -n $valueof ]]; then
    _sitedeck_option_value "$at" "$valueof"
    _sitedeck_offer "$REPLY"
    return 0
  fi
  case $cur in
    -*=*)
      if _sitedeck_option_value "$at" "\${cur%%=*}"; then
        compset -P '*='
        _sitedeck_offer "$REPLY"
      fi ;;
    -*)
      local -a described
      _sitedeck_options_described "$at"
      described=("\${(@f)REPLY}")
      _describe -t options 'option' described ;;
    *)
      if (( n == 0 )); then
        local -a described
        _sitedeck_commands_described "$at"
        described=("\${(@f)REPLY}")
        (( \${#REPLY} )) && _describe -t commands 'command' described
      fi
      _sitedeck_argument "$at" "$n" "$last"
      _sitedeck_offer "$REPLY" ;;
  esac
  return 0
}

if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
  _sitedeck "$@"
else
  compdef _sitedeck sitedeck
fi
`.replaceAll('\\${', '${');

export function bashScript(t: Tables): string {
  return `# sitedeck completion for bash (made by \`sitedeck completion bash\`). Load it from ~/.bashrc:
#   eval "$(sitedeck completion bash)"
# or save it as ~/.local/share/bash-completion/completions/sitedeck

${lookups(t)}
${BASH_DRIVER}`;
}

/**
 * zsh shows a description beside each command and option: `word:description` lines for _describe
 * (a `:` in the word escaped, the description on one line and short enough for the pager).
 */
function describedCase(name: string, comment: string, map: Tables['commands']): string {
  const entry = (d: { word: string; description: string }) => `${d.word.replace(/:/g, '\\:')}:${d.description.replace(/\s+/g, ' ').slice(0, 80)}`;
  return [
    `# ${comment}`,
    `_sitedeck_${name}_described() {`,
    '  case $1 in',
    ...[...map].filter(([, l]) => l.length).map(([key, l]) => `    ${q(key)}) REPLY=${q(l.map(entry).join('\n'))} ;;`),
    "    *) REPLY='' ;;",
    '  esac',
    '}',
  ].join('\n');
}

export function zshScript(t: Tables): string {
  return `#compdef sitedeck
# sitedeck completion for zsh (made by \`sitedeck completion zsh\`). Load it from ~/.zshrc, after compinit:
#   eval "$(sitedeck completion zsh)"
# or save it as _sitedeck in a directory of $fpath

${lookups(t)}

${describedCase('commands', 'The subcommands of a command, each "word:description".', t.commands)}

${describedCase('options', 'The options of a command, each "word:description".', t.options)}
${ZSH_DRIVER}`;
}
