import { viewNameError } from '../domain/views';
import { listParam, parseChoice, parseListParam, PER_PAGE_VALUES, resourceDef, RESULT_CLASS_VALUES, RESULT_CLASSES, SORT_DIRECTIONS, validateWrite, type ResultClass } from '../domain';
import type { Action } from './actions';
import type { TabName } from './types';

/** A `:view` line: list the views, save the current tab's query, bring one back, or delete one. */
export type ViewCommand = { kind: 'list' } | { kind: 'save' | 'apply' | 'delete'; name: string };

/** What a `:` line means: actions to dispatch, quitting, a saved-view command, or an error to flash. */
export type PromptResult =
  | { kind: 'actions'; actions: Action[] }
  | { kind: 'quit' }
  | { kind: 'view'; command: ViewCommand }
  /** The highlighted row's page or website in the browser. */
  | { kind: 'open' }
  | { kind: 'error'; message: string };

export const PROMPT_HELP = ':websites :reports :projects :audit :sort FIELD [asc|desc] :per N :page N :search TEXT :result CLASS|all :project [NAME] :view [save|delete] NAME :open :undo :changes :messages :watch N|off :mark :unmark :privacy VALUE :email VALUE :refresh :q';

/** The watch interval's bounds (s): below the lower one a refresh would spend the rate limit on little. */
export const WATCH_MIN_S = 5;
export const WATCH_MAX_S = 3600;

const ok = (...actions: Action[]): PromptResult => ({ kind: 'actions', actions });
const err = (message: string): PromptResult => ({ kind: 'error', message });

export function parsePrompt(text: string, tab: TabName): PromptResult {
  const trimmed = text.trim().replace(/^:/, '');
  const [word = '', ...rest] = trimmed.split(/\s+/);
  const arg = rest.join(' ');
  const def = resourceDef(tab);
  switch (word.toLowerCase()) {
    case '':
      return ok();
    case 'open':
      return { kind: 'open' };
    case 'q':
    case 'q!':
    case 'quit':
    case 'exit':
      return { kind: 'quit' };
    case 'w':
    case 'websites':
    case '1':
      return ok({ type: 'tab/select', tab: 'websites' });
    case 'reports':
    case '2':
      return ok({ type: 'tab/select', tab: 'reports' });
    case 'projects':
    case '3':
      return ok({ type: 'projects/open' });
    case 'audit':
      return ok({ type: 'audit/open' });
    case 'sort': {
      if (!rest.length) return err(`Usage: :sort FIELD [asc|desc] — fields: ${describeSort(tab)}`);
      // The last word may be a direction; the rest names the field (labels may have spaces).
      const last = rest[rest.length - 1];
      const dir = parseChoice('Direction', SORT_DIRECTIONS, last);
      const fieldText = dir.ok && rest.length > 1 ? rest.slice(0, -1).join(' ') : arg;
      const sortBy = parseListParam(listParam(def, 'sort_by')!, fieldText);
      if (!sortBy.ok) {
        if (dir.ok && rest.length === 1) return ok({ type: 'sort/set', sort: dir.value });
        return err(sortBy.error);
      }
      return ok({ type: 'sort/set', sortBy: String(sortBy.value), ...(dir.ok && rest.length > 1 ? { sort: dir.value } : {}) });
    }
    case 'per':
    case 'per_page':
    case 'perpage': {
      const p = parseListParam(listParam(def, 'per_page')!, arg);
      return p.ok ? ok({ type: 'perPage/set', perPage: Number(p.value) }) : err(p.error);
    }
    case 'page': {
      const p = parseListParam(listParam(def, 'page')!, arg);
      return p.ok ? ok({ type: 'page/set', page: Number(p.value) }) : err(p.error);
    }
    case 'search':
    case 's':
      return ok({ type: 'search/set', text: arg });
    case 'result':
    case 'results': {
      if (tab !== 'reports') return err('The result filter belongs to Reports (:reports first)');
      if (!arg || arg.toLowerCase() === 'all') return ok({ type: 'result/set', result: undefined });
      const p = parseChoice('Result', RESULT_CLASSES, arg);
      return p.ok ? ok({ type: 'result/set', result: p.value as ResultClass }) : err(p.error);
    }
    case 'project':
      if (tab !== 'reports') return err('The project filter belongs to Reports (:reports first)');
      return ok({ type: 'project/set', project: arg || undefined });
    case 'watch': {
      const w = (rest[0] ?? '').toLowerCase();
      if (w === 'off' || w === 'stop' || w === '0') return ok({ type: 'watch/stop' });
      const n = Number(w);
      if (!/^\d+$/.test(w) || n < WATCH_MIN_S || n > WATCH_MAX_S) return err(`Usage: :watch SECONDS (${WATCH_MIN_S} to ${WATCH_MAX_S}), :watch off`);
      return ok({ type: 'watch/start', seconds: n });
    }
    case 'view':
    case 'views':
      return parseView(rest);
    case 'privacy':
    case 'email': {
      // On every marked row: a choice field of this tab, checked as the form checks it.
      const field = def.fields.find((f) => f.name === word.toLowerCase() && f.ops.includes('update'));
      if (!field?.choices) return err(`:${word} is not a field of ${def.title.toLowerCase()}`);
      const choice = parseChoice(field.label, field.choices, arg);
      if (!choice.ok) return err(`Usage: :${word} VALUE on the marked rows — ${choice.error}`);
      const checked = validateWrite(def, 'update', { [field.name]: choice.value });
      if (!checked.ok) return err(Object.values(checked.errors).flat().join('; '));
      return ok({ type: 'bulk/update', values: checked.values, what: `:${word}` });
    }
    case 'mark':
      return ok({ type: 'mark/all', only: 'mark' });
    case 'unmark':
      return ok({ type: 'mark/all', only: 'clear' });
    case 'refresh':
      return ok({ type: 'refresh' });
    case 'clear':
      return ok({ type: 'filters/clear' });
    case 'help':
      return ok({ type: 'help/toggle' });
    case 'undo':
      return ok({ type: 'undo/start' });
    case 'changes':
      return ok({ type: 'changes/toggle' });
    case 'messages':
    case 'msgs':
      return ok({ type: 'messages/toggle' });
    default:
      return err(`Unknown command "${word}". Try ${PROMPT_HELP}`);
  }
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

function describeSort(tab: TabName): string {
  return sortValues(tab).join(', ');
}

// ---- Tab completion ----

/** The words the `:` line completes, each with what may follow it (from the domain tables). */
const COMPLETIONS: { word: string; args?: (tab: TabName, before: readonly string[], views: readonly string[]) => readonly string[] }[] = [
  { word: 'websites' },
  { word: 'reports' },
  { word: 'projects' },
  { word: 'audit' },
  {
    word: 'sort',
    args: (tab, before) => (before.length === 0 ? sortValues(tab) : before.length === 1 ? SORT_DIRECTIONS.map((d) => d.value) : []),
  },
  { word: 'per', args: (_tab, before) => (before.length ? [] : PER_PAGE_VALUES.map(String)) },
  { word: 'page' },
  { word: 'search' },
  { word: 'result', args: (tab, before) => (tab === 'reports' && !before.length ? [...RESULT_CLASS_VALUES, 'all'] : []) },
  { word: 'project' },
  // Saved views by name (the names given), and the name of one to delete.
  { word: 'view', args: (_tab, before, views) => (before.length === 0 ? [...views, 'save', 'delete'] : before.length === 1 && before[0] === 'delete' ? views : []) },
  { word: 'watch', args: (_tab, before) => (before.length ? [] : ['30', '60', 'off']) },
  { word: 'mark' },
  { word: 'open' },
  { word: 'privacy', args: (tab, before) => (before.length ? [] : (resourceDef(tab).fields.find((f) => f.name === 'privacy')?.choices ?? []).map((c) => c.label.toLowerCase())) },
  { word: 'email', args: (tab, before) => (before.length ? [] : (resourceDef(tab).fields.find((f) => f.name === 'email')?.choices ?? []).map((c) => c.label.toLowerCase())) },
  { word: 'unmark' },
  { word: 'refresh' },
  { word: 'clear' },
  { word: 'help' },
  { word: 'messages' },
  { word: 'undo' },
  { word: 'changes' },
  { word: 'quit' },
];

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

/** Completes the last word of a `:` line: a command word first, then its field or value (`views`: the saved views' names). */
export function completePrompt(text: string, tab: TabName, views: readonly string[] = []): Completion {
  const words = text.replace(/^:/, '').split(' ');
  const last = words[words.length - 1];
  const done = words.slice(0, -1).filter(Boolean);
  let pool: readonly string[];
  if (!done.length) pool = COMPLETIONS.map((c) => c.word);
  else pool = COMPLETIONS.find((c) => c.word === done[0].toLowerCase())?.args?.(tab, done.slice(1), views) ?? [];
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
