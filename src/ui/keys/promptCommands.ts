// The `:` commands, one entry each: its name (and other names), its arguments, what completes them,
// its help line, and what it does. The parser, Tab completion, the help overlay, the spoken help and
// docs/keys.md are all read from COMMANDS; a command is added here and nowhere else.
import { viewNameError } from '../../domain/views';
import { nearest } from '../../text/nearest';
import { sanitize } from '../../text/sanitize';
import {
  projectOf,
  listParam,
  parseChoice,
  type Report,
  parseListParam,
  PER_PAGE_VALUES,
  resourceDef,
  RESOURCE_NAMES,
  RESULT_CLASS_VALUES,
  RESULT_CLASSES,
  SORT_DIRECTIONS,
  validateWrite,
} from '../../domain';
import type { Action } from '../../state/actions';
import { items, pageInfo, recordName } from '../../state/selectors';
import type { DeckState, TabName } from '../../state/types';
import { COPY_VALUES, isCopyValue, type CopyValue } from '../words/copyValues';
import type { BindingId } from '../../keys/table';

/** A `:view` line: list the views, save the current tab's query, bring one back, or delete one. */
export type ViewCommand = { kind: 'list' } | { kind: 'save' | 'apply' | 'delete'; name: string };

/** What a `:` line means: actions to dispatch, quitting, a saved-view command, or an error to flash. */
export type PromptResult =
  | { kind: 'actions'; actions: Action[] }
  | { kind: 'quit' }
  | { kind: 'view'; command: ViewCommand }
  /** The highlighted row's page or website in the browser (`name`: the row of that name among those shown). */
  | { kind: 'open'; name?: string }
  /** One value of the highlighted row to the clipboard. */
  | { kind: 'copy'; what: CopyValue }
  | { kind: 'error'; message: string };

/** The watch interval's bounds (s): below the lower one a refresh would spend the rate limit on little. */
const WATCH_MIN_S = 5;
const WATCH_MAX_S = 3600;

const ok = (...actions: Action[]): PromptResult => ({ kind: 'actions', actions });
const err = (message: string): PromptResult => ({ kind: 'error', message });

export interface CommandDef {
  name: string;
  /** Other words that run it (`:q`, `:1`). */
  aliases?: readonly string[];
  /** What follows the name, as the help shows it: `FIELD [asc|desc]`. */
  args?: string;
  /** One line: what it does. */
  help: string;
  /** What the word being typed may become, after the words before it (Tab), from what is loaded. */
  complete?: (tab: TabName, before: readonly string[], loaded: Loaded) => readonly string[];
  /** What the line means: `rest` its words after the name, `arg` them joined. */
  run: (rest: readonly string[], arg: string, tab: TabName) => PromptResult;
  /** The key this command is the words of: refused where that key is, in its words (the one gate). */
  gate?: BindingId;
  /**
   * A change to the marked rows that, with none marked, acts on the cursor row as `d` and `R` do
   * (runPrompt marks it and the same question asks): refused then where this key, a change to that row, is.
   */
  rowGate?: BindingId;
}

/** What is loaded that an argument may name: the profile's saved views, the projects seen, earlier searches. */
export interface Loaded {
  views: readonly string[];
  /** Every project the Projects view read, and those of the Reports rows shown. */
  projects: readonly string[];
  /** Earlier searches, the latest first (one word each: Tab completes a word). */
  searches: readonly string[];
  /** The names of the rows shown (domains, URLs), for `:open NAME`. */
  rows: readonly string[];
  /** The list's page and last page, for `:page N`. */
  page: number;
  lastPage: number;
}

const NOTHING_LOADED: Loaded = { views: [], projects: [], searches: [], rows: [], page: 1, lastPage: 1 };

/** The pages `:page` offers: all of a short list; of a long one the first, the ones around this page, the last. */
function pagesOffered(lastPage: number, page: number): string[] {
  const all = lastPage <= 20 ? Array.from({ length: lastPage }, (_, i) => i + 1) : [1, page - 1, page, page + 1, lastPage];
  return [...new Set(all.filter((n) => n >= 1 && n <= lastPage))].map(String);
}

/** What the deck has loaded, for Tab on the `:` line. */
export function loadedWords(state: DeckState, views: readonly string[] = []): Loaded {
  const seen = new Set(state.projects.rows.map((r) => r.project));
  const lists = [state.tabs.reports, ...(state.aside ? [state.aside] : [])];
  for (const list of lists) for (const r of items(list)) seen.add(projectOf(r as Report));
  const searches = [...state.searches].reverse().filter((x) => !/\s/.test(x));
  const tab = state.tabs[state.tab];
  const rows = items(tab)
    .map((r) => recordName(state.tab, r).trim())
    .filter((n) => n && !/\s/.test(n));
  const { lastPage, page } = pageInfo(tab);
  return { views, projects: [...seen].filter((p) => p && !/\s/.test(p)).sort(), searches, rows: [...new Set(rows)], page, lastPage: Math.max(1, lastPage) };
}

const choicesOf = (tab: TabName, name: string, before: readonly string[]) =>
  before.length ? [] : (resourceDef(tab).fields.find((f) => f.name === name)?.choices ?? []).map((c) => c.label.toLowerCase());

/** A `:` command setting a choice field (its row says `onMarked`) on every marked row, checked as the form checks it. */
function setMarked(word: string) {
  return (rest: readonly string[], arg: string, tab: TabName): PromptResult => {
    const def = resourceDef(tab);
    const field = def.fields.find((f) => f.name === word && f.ops.includes('update'));
    if (!field?.choices) return err(`:${word} is not a field of ${def.title.toLowerCase()}`);
    // Words after the value are never said back: `:privacy password hunter22` may hold a password.
    if (rest.length > 1) {
      const first = parseChoice(field.label, field.choices, rest[0]);
      const secret = first.ok ? def.fields.find((f) => f.onlyWhen?.field === field.name && f.onlyWhen.equals === first.value) : undefined;
      return err(
        secret
          ? `:${word} ${rest[0]} asks for the ${secret.label.toLowerCase()} after Enter, masked; nothing was sent and the words after it were not kept`
          : `Usage: :${word} VALUE on the marked rows (one word; nothing was sent)`,
      );
    }
    const choice = parseChoice(field.label, field.choices, arg);
    if (!choice.ok) return err(`Usage: :${word} VALUE on the marked rows — ${choice.error}`);
    const checked = validateWrite(def, 'update', { [field.name]: choice.value });
    if (!checked.ok) return err(Object.values(checked.errors).flat().join('; '));
    return ok({ type: 'bulk/update', values: checked.values, what: `:${word}` });
  };
}

/** `:privacy`, `:email`: one command for each field whose row says `onMarked`, in the tables' order. */
function markedFieldCommands(): CommandDef[] {
  const fields = RESOURCE_NAMES.flatMap((name) => resourceDef(name).fields.filter((f) => f.onMarked));
  const once = fields.filter((f, i) => fields.findIndex((g) => g.name === f.name) === i);
  return once.map((f) => ({
    name: f.name,
    args: 'VALUE',
    help: `set ${f.label.toLowerCase()} on the marked rows, or the cursor row when none is marked (asked first)`,
    complete: (tab, before) => choicesOf(tab, f.name, before),
    rowGate: 'record.edit' as const,
    run: setMarked(f.name),
  }));
}

export const COMMANDS: readonly CommandDef[] = [
  { name: 'websites', aliases: ['w', '1'], help: 'the Websites tab', run: () => ok({ type: 'tab/select', tab: 'websites' }) },
  { name: 'reports', aliases: ['2'], help: 'the Reports tab', run: () => ok({ type: 'tab/select', tab: 'reports' }) },
  { name: 'projects', aliases: ['3'], help: 'the Projects view', run: () => ok({ type: 'projects/open' }) },
  { name: 'audit', help: 'the audit of the reports the Reports tab shows', run: () => ok({ type: 'audit/open' }) },
  {
    name: 'cover',
    args: 'SOURCE',
    help: 'a report for every page of a sitemap (its URL, robots.txt or a file): asks with the plan, creates, ends on the site’s Audit',
    run: (_rest, arg) => (arg ? ok({ type: 'cover/start', source: arg }) : err('Usage: :cover SOURCE — a sitemap URL, a robots.txt URL or a sitemap file')),
  },
  {
    name: 'sort',
    args: 'FIELD [asc|desc]',
    help: 'sort by a field, either way',
    complete: (tab, before) => (before.length === 0 ? sortValues(tab) : before.length === 1 ? SORT_DIRECTIONS.map((d) => d.value) : []),
    run: (rest, arg, tab) => {
      if (!rest.length) return err(`Usage: :sort FIELD [asc|desc] — fields: ${sortValues(tab).join(', ')}`);
      // The last word may be a direction; the rest names the field (labels may have spaces).
      const last = rest[rest.length - 1];
      const dir = parseChoice('Direction', SORT_DIRECTIONS, last);
      const fieldText = dir.ok && rest.length > 1 ? rest.slice(0, -1).join(' ') : arg;
      const sortBy = parseListParam(listParam(resourceDef(tab), 'sort_by')!, fieldText);
      if (!sortBy.ok) {
        if (dir.ok && rest.length === 1) return ok({ type: 'sort/set', sort: dir.value });
        return err(sortBy.error);
      }
      return ok({ type: 'sort/set', sortBy: String(sortBy.value), ...(dir.ok && rest.length > 1 ? { sort: dir.value } : {}) });
    },
  },
  {
    name: 'per',
    aliases: ['per_page', 'perpage'],
    args: 'N',
    help: 'rows per page',
    complete: (_tab, before) => (before.length ? [] : PER_PAGE_VALUES.map(String)),
    run: (_rest, arg, tab) => {
      const p = parseListParam(listParam(resourceDef(tab), 'per_page')!, arg);
      return p.ok ? ok({ type: 'perPage/set', perPage: Number(p.value) }) : err(p.error);
    },
  },
  {
    name: 'page',
    args: 'N',
    help: 'go to a page',
    complete: (_tab, before, loaded) => (before.length ? [] : pagesOffered(loaded.lastPage, loaded.page)),
    run: (_rest, arg, tab) => {
      const p = parseListParam(listParam(resourceDef(tab), 'page')!, arg);
      return p.ok ? ok({ type: 'page/set', page: Number(p.value) }) : err(p.error);
    },
  },
  {
    name: 'search',
    aliases: ['s'],
    args: 'TEXT',
    help: 'search (empty: none)',
    complete: (_tab, before, loaded) => (before.length ? [] : loaded.searches),
    run: (_rest, arg) => ok({ type: 'search/set', text: arg }),
  },
  {
    name: 'result',
    aliases: ['results'],
    args: 'CLASS|all',
    help: 'Reports: only good, decent or bad results',
    complete: (tab, before) => (tab === 'reports' && !before.length ? [...RESULT_CLASS_VALUES, 'all'] : []),
    run: (_rest, arg, tab) => {
      if (tab !== 'reports') return err('The result filter belongs to Reports (:reports first)');
      if (!arg || arg.toLowerCase() === 'all') return ok({ type: 'result/set', result: undefined });
      const p = parseChoice('Result', RESULT_CLASSES, arg);
      return p.ok ? ok({ type: 'result/set', result: p.value }) : err(p.error);
    },
  },
  {
    name: 'project',
    args: '[NAME]',
    help: 'Reports: one project only (none: all)',
    complete: (tab, before, loaded) => (tab === 'reports' && !before.length ? loaded.projects : []),
    run: (_rest, arg, tab) =>
      tab !== 'reports' ? err('The project filter belongs to Reports (:reports first)') : ok({ type: 'project/set', project: arg || undefined }),
  },
  {
    name: 'view',
    aliases: ['views'],
    args: '[save|delete] NAME',
    help: 'saved views: bring one back, save this tab’s, delete one, or list them',
    // Saved views by name (the names given), and the name of one to delete.
    complete: (_tab, before, { views }) => (before.length === 0 ? [...views, 'save', 'delete'] : before.length === 1 && before[0] === 'delete' ? views : []),
    run: (rest) => parseView(rest),
  },
  {
    name: 'open',
    args: '[NAME]',
    help: 'the row’s page or website in the browser (NAME: the row of that domain or URL shown)',
    gate: 'open',
    complete: (_tab, before, loaded) => (before.length ? [] : loaded.rows),
    run: (rest) => (rest.length > 1 ? err('Usage: :open [NAME], a domain or URL of the rows shown') : { kind: 'open', ...(rest[0] ? { name: rest[0] } : {}) }),
  },
  {
    name: 'copy',
    args: `[${COPY_VALUES.join('|')}]`,
    help: 'copy a value of the row: its id, name (the default), link, or the record as JSON',
    complete: (_tab, before) => (before.length ? [] : COPY_VALUES),
    gate: 'copy',
    run: (rest) => {
      const what = (rest[0] ?? 'name').toLowerCase();
      return isCopyValue(what) && rest.length <= 1 ? { kind: 'copy', what } : err(`Usage: :copy ${COPY_VALUES.join('|')}`);
    },
  },
  { name: 'undo', help: 'undo the latest change not yet undone', gate: 'change.undo', run: () => ok({ type: 'undo/start' }) },
  { name: 'changes', help: 'this session’s changes, newest first', run: () => ok({ type: 'changes/toggle' }) },
  { name: 'messages', aliases: ['msgs'], help: 'the last messages, with their times', run: () => ok({ type: 'messages/toggle' }) },
  {
    name: 'watch',
    args: 'N|off',
    help: `refresh the list every N seconds (${WATCH_MIN_S} to ${WATCH_MAX_S})`,
    complete: (_tab, before) => (before.length ? [] : ['30', '60', 'off']),
    run: (rest) => {
      const w = (rest[0] ?? '').toLowerCase();
      if (w === 'off' || w === 'stop' || w === '0') return ok({ type: 'watch/stop' });
      const n = Number(w);
      if (!/^\d+$/.test(w) || n < WATCH_MIN_S || n > WATCH_MAX_S) return err(`Usage: :watch SECONDS (${WATCH_MIN_S} to ${WATCH_MAX_S}), :watch off`);
      return ok({ type: 'watch/start', seconds: n });
    },
  },
  { name: 'mark', help: 'mark every row matching the search and filters', run: () => ok({ type: 'mark/all', only: 'mark' }) },
  { name: 'unmark', help: 'clear the marks', run: () => ok({ type: 'mark/all', only: 'clear' }) },
  ...markedFieldCommands(),
  { name: 'refresh', help: 'read the list again', gate: 'refresh', run: () => ok({ type: 'refresh' }) },
  { name: 'clear', help: 'clear search and filters (/ then ↑ brings a search back)', run: () => ok({ type: 'filters/clear' }) },
  { name: 'help', help: 'the keys', run: () => ok({ type: 'help/toggle' }) },
  { name: 'quit', aliases: ['q', 'q!', 'exit'], help: 'quit', run: () => ({ kind: 'quit' }) },
];

/** `:websites :reports … :sort FIELD [asc|desc] …`: every command with its arguments, in one line. */
export const PROMPT_HELP = COMMANDS.map((c) => `:${c.name}${c.args ? ` ${c.args}` : ''}`).join(' ');

/** The command a word names (its name or another name), any case. */
export function commandNamed(word: string): CommandDef | undefined {
  const w = word.toLowerCase();
  return COMMANDS.find((c) => c.name === w || c.aliases?.includes(w));
}

export function parsePrompt(text: string, tab: TabName): PromptResult {
  const trimmed = text.trim().replace(/^:/, '');
  const [word = '', ...rest] = trimmed.split(/\s+/);
  if (word === '') return ok();
  const command = commandNamed(word);
  return command ? command.run(rest, rest.join(' '), tab) : err(unknownCommand(word));
}

/**
 * `:privcy`: the commands nearest the word typed, as the CLI says them (`did you mean :privacy?`),
 * else every command. Only the word is said back: what follows it may be a password.
 */
function unknownCommand(word: string): string {
  const names = COMMANDS.flatMap((c) => [c.name, ...(c.aliases ?? [])]);
  const near = [...new Set(nearest(word, names).map((n) => commandNamed(n)!.name))];
  const typed = sanitize(word);
  return near.length ? `Unknown command :${typed}: did you mean ${near.map((n) => `:${n}`).join(' or ')}?` : `Unknown command "${typed}". Try ${PROMPT_HELP}`;
}

const VIEW_USAGE = 'Usage: :view NAME, :view save NAME, :view delete NAME, :view (the list)';

function parseView(words: readonly string[]): PromptResult {
  const [first, second, ...more] = words;
  if (!first) return { kind: 'view', command: { kind: 'list' } };
  const verb = first.toLowerCase();
  const [kind, name] = verb === 'save' || verb === 'delete' ? ([verb, second] as const) : (['apply', first] as const);
  if (!name || (kind === 'apply' ? second !== undefined : more.length)) return err(VIEW_USAGE);
  const bad = viewNameError(name);
  return bad ? err(bad) : { kind: 'view', command: { kind, name } };
}

// ---- Tab completion ----

export interface Completion {
  /** The line with its last word completed as far as every candidate agrees. */
  text: string;
  /** What the last word could become (empty when there is nothing to offer). */
  options: readonly string[];
}

const commonPrefix = (words: readonly string[]): string =>
  words.reduce((p, w) => {
    let i = 0;
    while (i < p.length && i < w.length && p[i].toLowerCase() === w[i].toLowerCase()) i++;
    return p.slice(0, i);
  });

/** Completes the last word of a `:` line: a command word first, then its field or value (names from what is loaded). */
export function completePrompt(text: string, tab: TabName, loaded: Partial<Loaded> = {}): Completion {
  const words = text.replace(/^:/, '').split(' ');
  const last = words[words.length - 1];
  const done = words.slice(0, -1).filter(Boolean);
  let pool: readonly string[];
  if (!done.length) pool = COMMANDS.map((c) => c.name);
  else pool = commandNamed(done[0])?.complete?.(tab, done.slice(1), { ...NOTHING_LOADED, ...loaded }) ?? [];
  const options = pool.filter((w) => w.toLowerCase().startsWith(last.toLowerCase()));
  if (!options.length) return { text, options: [] };
  const head = text.slice(0, text.length - last.length);
  if (options.length === 1) return { text: `${head}${options[0]} `, options: [] };
  const prefix = commonPrefix(options);
  return { text: head + (prefix.length > last.length ? prefix : last), options };
}

function sortValues(tab: TabName): string[] {
  return (listParam(resourceDef(tab), 'sort_by')?.choices ?? []).map((c) => String(c.value));
}
