// Every key of the deck as data, one row per meaning: its keys, where it applies, its words, its
// footer word, and when a key it shares with another means it. What the keys do, and when they are
// refused, is the deck's (src/ui/keys/keyDoes.ts, by screen); this table sits below both the deck and
// the commands, so `sitedeck config keys` lists the keys without loading the deck. Order is the
// order in the help and the footer, and the order keys are looked up in.
import { BROWSED, MODE_KINDS, QUESTION_KINDS, type ModeKind } from './modes';
import { PAGER_KEYS, PAGER_MOTIONS, pagerModes, UNPAGED_MODES } from './pager';
import { keysLabel, type KeySpec, type PagerMotion } from './spec';
import { TEXT_BINDING_IDS, TEXT_KEYS, TEXT_MODES, type TextBindingId } from './text';

/**
 * One binding:
 *   keys         what the user presses (the label is derived from them, never written by hand)
 *   modes        where it applies: screens and overlays (src/keys/modes.ts); BROWSED is every screen a person browses
 *   description  what the help overlay, docs/keys.md and `config keys` say
 *   hint         optional short word for the footer (the deck may make it a function of the state)
 *   when         optional, in words: the key means this binding only while this holds, else it falls
 *                through (Space cycles a choice field but types a space into a text field); the
 *                deck's test of it is required by type (src/ui/keys/keyDoes.ts)
 * Adding a binding: its row here, and what it does in src/ui/keys/keyDoes.ts (its type refuses a missing one).
 */
export interface KeyDef {
  keys: readonly KeySpec[];
  modes: readonly ModeKind[];
  description: string;
  hint?: string;
  when?: string;
}

/**
 * A key named in a row's words, as keyRef writes it (src/keys/keyRef.ts). keyRef's own type is the
 * table's ids, which do not exist while the table is written: test/keys/table.test.ts checks them.
 */
const ref = (id: string): string => `⟦${id}⟧`;

const LIST: readonly ModeKind[] = ['list'];
const BROWSE: readonly ModeKind[] = ['list', 'detail'];
const PROJECTS: readonly ModeKind[] = ['projects'];
const AUDIT: readonly ModeKind[] = ['audit'];
const BROWSE_AUDIT: readonly ModeKind[] = ['list', 'detail', 'audit'];

/** The text field's keys as rows: in every mode that types, while a text field has the keys. */
function textDefs(): { [Id in TextBindingId]: KeyDef & { when: string } } {
  const out = {} as { [Id in TextBindingId]: KeyDef & { when: string } };
  for (const id of TEXT_BINDING_IDS) out[id] = { ...TEXT_KEYS[id], modes: TEXT_MODES, when: 'a text field has the keys' };
  return out;
}

/** The one pager's keys (src/keys/pager.ts): after every view's own, in every view that scrolls. */
export type PagerBindingId = `pager.${PagerMotion}` | 'pager.none';

/** The pager's motions as rows, each in the views that take it from the pager; a view with nothing to page refuses them all. */
function pagerDefs(): { [Id in PagerBindingId]: KeyDef & { when: string } } {
  const out = {} as { [Id in PagerBindingId]: KeyDef & { when: string } };
  // Letters typed in a text field (a form's, the help's filter) are text.
  const when = 'no text field has the keys';
  for (const m of PAGER_MOTIONS) out[`pager.${m}`] = { ...PAGER_KEYS[m], modes: pagerModes(m), when };
  out['pager.none'] = {
    keys: PAGER_MOTIONS.flatMap((m) => PAGER_KEYS[m].keys),
    modes: UNPAGED_MODES,
    description: 'the pager’s keys (a page, half a page, the ends)',
    when,
  };
  return out;
}

export const KEYS = {
  'cursor.down': { keys: [{ key: 'downArrow' }, { input: 'j' }], modes: LIST, description: 'next row' },
  'cursor.up': { keys: [{ key: 'upArrow' }, { input: 'k' }], modes: LIST, description: 'previous row' },
  'cursor.first': { keys: [{ input: 'g' }, { key: 'home' }], modes: LIST, description: 'first row' },
  'cursor.last': { keys: [{ input: 'G' }, { key: 'end' }], modes: LIST, description: 'last row' },
  'page.next': { keys: [{ input: ']' }, { key: 'pageDown' }], modes: LIST, description: 'next page' },
  'page.prev': { keys: [{ input: '[' }, { key: 'pageUp' }], modes: LIST, description: 'previous page' },
  'tab.websites': { keys: [{ input: '1' }], modes: BROWSED, description: 'Websites' },
  'tab.reports': { keys: [{ input: '2' }], modes: BROWSED, description: 'Reports' },
  'tab.projects': { keys: [{ input: '3' }], modes: BROWSED, description: 'Projects: every report, one row per site' },
  'projects.down': { keys: [{ key: 'downArrow' }, { input: 'j' }], modes: PROJECTS, description: 'next project' },
  'projects.up': { keys: [{ key: 'upArrow' }, { input: 'k' }], modes: PROJECTS, description: 'previous project' },
  'projects.first': { keys: [{ input: 'g' }, { key: 'home' }], modes: PROJECTS, description: 'first project' },
  'projects.last': { keys: [{ input: 'G' }, { key: 'end' }], modes: PROJECTS, description: 'last project' },
  'projects.sort': { keys: [{ input: 's' }], modes: PROJECTS, description: 'sort projects by the next column', hint: 'sort' },
  'projects.reverse': { keys: [{ input: 'S' }], modes: PROJECTS, description: 'reverse the projects’ order' },
  'projects.open': { keys: [{ key: 'return' }], modes: PROJECTS, description: 'Reports of this project', hint: 'open' },
  'projects.search': {
    keys: [{ input: '/' }],
    modes: PROJECTS,
    description: `search the projects by host name, live (${ref('projects.close')} clears)`,
    hint: 'search',
  },
  'projects.refresh': { keys: [{ input: 'r' }], modes: PROJECTS, description: 'read every report again', hint: 'refresh' },
  'projects.close': {
    keys: [{ key: 'escape' }],
    modes: PROJECTS,
    description: 'back out: the search kept here, else nothing (Projects is the tab’s first screen)',
    hint: 'back',
  },
  'projects.audit': {
    keys: [{ input: 'a' }],
    modes: PROJECTS,
    description: 'this project’s audit: its failing checks, worst first (:audit: the reports in view)',
    hint: 'audit',
  },
  'audit.down': { keys: [{ key: 'downArrow' }, { input: 'j' }], modes: AUDIT, description: 'next check or page; in a report, scroll' },
  'audit.up': { keys: [{ key: 'upArrow' }, { input: 'k' }], modes: AUDIT, description: 'previous check or page; in a report, scroll back' },
  'audit.pageDown': { keys: [{ key: 'pageDown' }], modes: AUDIT, description: 'a screenful down' },
  'audit.pageUp': { keys: [{ key: 'pageUp' }], modes: AUDIT, description: 'a screenful up' },
  'audit.first': { keys: [{ input: 'g' }, { key: 'home' }], modes: AUDIT, description: 'first row (top of the report)' },
  'audit.last': { keys: [{ input: 'G' }, { key: 'end' }], modes: AUDIT, description: 'last row (end of the report)' },
  'audit.check': {
    keys: [{ key: 'return' }],
    modes: AUDIT,
    description: 'the pages failing this check, each with its reason',
    hint: 'pages',
    when: 'on the checks',
  },
  'audit.page': { keys: [{ key: 'return' }], modes: AUDIT, description: 'this page’s report', hint: 'report', when: 'on a check’s pages' },
  'audit.back': {
    keys: [{ key: 'escape' }, { input: 'q' }],
    modes: AUDIT,
    description: 'back out one level: report → pages → checks → the view before',
    hint: 'back',
  },
  'cover.back': {
    keys: [{ key: 'escape' }, { input: 'q' }],
    modes: ['cover'],
    description: 'back to the view before; during a cover: stop it after the request in flight',
    hint: 'back',
  },
  'audit.rerun': {
    keys: [{ input: 'R' }],
    modes: AUDIT,
    description: 're-run this page’s analysis (all marked pages, if any, asked first)',
    hint: 'rerun',
    when: 'on a check’s pages or a report',
  },
  'audit.mark': {
    keys: [{ input: ' ' }],
    modes: AUDIT,
    description: `mark or unmark the page, then the next page (${ref('audit.rerun')} re-runs the marked ones)`,
    hint: 'mark',
    when: 'on a check’s pages',
  },
  'audit.markAll': { keys: [{ input: '*' }], modes: AUDIT, description: 'mark every page failing this check; again: clear marks', when: 'on a check’s pages' },
  'audit.search': { keys: [{ input: '/' }], modes: AUDIT, description: 'search, live: the checks by name, a check’s pages by URL', hint: 'search' },
  'audit.refresh': { keys: [{ input: 'r' }], modes: AUDIT, description: 'read every report again', hint: 'refresh' },
  'tab.prev': { keys: [{ key: 'tab', shift: true }], modes: BROWSED, description: 'previous tab (each kept as you left it)' },
  'tab.next': { keys: [{ key: 'tab' }], modes: BROWSED, description: 'next tab: Websites, Reports, Projects' },
  'help.open': { keys: [{ input: '?' }], modes: BROWSED, description: 'help', hint: 'help' },
  'search.start': { keys: [{ input: '/' }], modes: LIST, description: 'search (live)', hint: 'search' },
  'sort.next': { keys: [{ input: 's' }], modes: LIST, description: 'next sort field', hint: 'sort' },
  'sort.reverse': { keys: [{ input: 'S' }], modes: LIST, description: 'reverse sort' },
  'perPage.up': { keys: [{ input: '+' }, { input: '=' }], modes: LIST, description: 'more per page' },
  'perPage.down': { keys: [{ input: '-' }], modes: LIST, description: 'fewer per page' },
  'result.cycle': {
    keys: [{ input: 'f' }],
    modes: LIST,
    description: 'result filter (Reports): pick good, decent, bad or all (↓/↑, a letter, Enter)',
    hint: 'result',
  },
  'project.toggle': { keys: [{ input: 'p' }], modes: LIST, description: "row's project filter (Reports)", hint: 'project' },
  'filters.clear': { keys: [{ input: 'c' }], modes: LIST, description: 'clear search and filters (says what; / then ↑ brings a search back)' },
  'change.undo': {
    keys: [{ input: 'u' }],
    modes: BROWSE,
    description: 'undo the latest change sent to the host not yet undone, any time (:undo; :changes lists them)',
  },
  // Esc by the one navigation rule (src/state/nav.ts): the search kept here, then the filters, then
  // back to the screen this list was opened over; on the tab's first screen it says so.
  'list.escape': {
    keys: [{ key: 'escape' }],
    modes: LIST,
    description: 'back out: the search kept here, then the filters, then the screen before (Projects, after Enter on a project)',
    hint: 'back',
  },
  'detail.open': { keys: [{ key: 'return' }], modes: LIST, description: 'detail' },
  // gh-dash's preview key, capital here: p is the project filter.
  'pane.toggle': { keys: [{ input: 'P' }], modes: BROWSE, description: 'hide or show the detail pane (the list takes the width; kept for the session)' },
  'detail.down': { keys: [{ key: 'downArrow' }, { input: 'j' }], modes: ['detail'], description: 'scroll detail', hint: 'scroll' },
  'detail.up': { keys: [{ key: 'upArrow' }, { input: 'k' }], modes: ['detail'], description: 'scroll detail back' },
  'detail.pageDown': { keys: [{ key: 'pageDown' }, { input: ' ' }], modes: ['detail'], description: 'a page down the detail' },
  'detail.pageUp': { keys: [{ key: 'pageUp' }], modes: ['detail'], description: 'a page up the detail' },
  'detail.top': { keys: [{ input: 'g' }, { key: 'home' }], modes: ['detail'], description: 'top of the detail' },
  'detail.bottom': { keys: [{ input: 'G' }, { key: 'end' }], modes: ['detail'], description: 'end of the detail' },
  'detail.close': { keys: [{ key: 'escape' }, { key: 'return' }, { input: 'q' }], modes: ['detail'], description: 'back to list', hint: 'back' },
  'record.new': { keys: [{ input: 'n' }], modes: BROWSE, description: 'new', hint: 'new' },
  'record.edit': { keys: [{ input: 'e' }], modes: BROWSE, description: 'edit', hint: 'edit' },
  'record.delete': { keys: [{ input: 'd' }], modes: BROWSE, description: 'delete (all marked rows, if any)', hint: 'delete' },
  'report.rerun': { keys: [{ input: 'R' }], modes: BROWSE, description: 're-run analysis (Reports; all marked rows, if any)', hint: 'rerun' },
  'mark.toggle': {
    // Marks and moves down, as in ranger, nnn and mc: Space Space Space marks three rows (the last row stays put).
    keys: [{ input: ' ' }],
    modes: LIST,
    description: 'mark or unmark the row, then the next row',
    hint: 'mark',
  },
  'mark.all': { keys: [{ input: '*' }], modes: LIST, description: 'mark every row matching the search and filters (all pages); again: clear marks' },
  refresh: { keys: [{ input: 'r' }], modes: BROWSE, description: 'refresh' },
  copy: { keys: [{ input: 'y' }], modes: BROWSE_AUDIT, description: 'copy the name (a website’s domain, a report’s URL)', hint: 'copy' },
  'copy.menu': { keys: [{ input: 'Y' }], modes: BROWSE_AUDIT, description: 'copy a value: pick the id, name, link or the record as JSON (↓/↑, Enter)' },
  open: {
    keys: [{ input: 'o' }],
    modes: BROWSE_AUDIT,
    description: 'open the page or website in the browser ($BROWSER; with no display, copy it)',
    hint: 'open',
  },
  'view.pick': { keys: [{ input: 'v' }], modes: BROWSE, description: 'saved views (:view save NAME keeps one)' },
  'prompt.open': { keys: [{ input: ':' }], modes: BROWSED, description: 'command line', hint: 'cmd' },
  'messages.open': { keys: [{ input: 'M' }], modes: BROWSED, description: 'the last 50 messages, with their times (:messages)' },
  'messages.close': { keys: [{ key: 'escape' }, { input: 'M' }, { input: 'q' }], modes: ['messages'], description: 'close the messages', hint: 'close' },
  'messages.next': {
    keys: [{ key: 'downArrow' }, { input: 'j' }, { key: 'pageDown' }, { input: ' ' }],
    modes: ['messages'],
    description: 'older messages',
    hint: 'more',
  },
  'messages.prev': { keys: [{ key: 'upArrow' }, { input: 'k' }, { key: 'pageUp' }], modes: ['messages'], description: 'newer messages' },
  quit: { keys: [{ input: 'q' }], modes: ['list', 'projects'], description: 'quit', hint: 'quit' },
  interrupt: {
    keys: [{ input: 'c', ctrl: true }],
    modes: MODE_KINDS,
    description: 'quit; in a search, the command line or a form: cancel it as Esc does; in a question: No',
  },
  'search.commit': { keys: [{ key: 'return' }], modes: ['search'], description: 'keep search', hint: 'keep' },
  'search.cancel': { keys: [{ key: 'escape' }], modes: ['search'], description: 'back out: the search as it was before /', hint: 'back' },
  // ↑ right after `/` (or once recalling) goes back through earlier searches; after typing, ↑↓ move the rows.
  'search.older': {
    keys: [{ key: 'upArrow' }],
    modes: ['search'],
    description: 'an earlier search (right after /, or again)',
    hint: 'earlier',
    when: 'right after /, or going back through earlier searches',
  },
  'search.newer': {
    keys: [{ key: 'downArrow' }],
    modes: ['search'],
    description: 'a later search, then what it was before /',
    when: 'going back through earlier searches',
  },
  'search.down': {
    keys: [{ key: 'downArrow' }],
    modes: ['search'],
    description: 'next row while typing',
    hint: 'move',
    when: 'not going back through earlier searches',
  },
  'search.up': { keys: [{ key: 'upArrow' }], modes: ['search'], description: 'previous row while typing', when: 'typed since /' },
  'prompt.run': { keys: [{ key: 'return' }], modes: ['prompt'], description: 'run the command line', hint: 'run' },
  'prompt.cancel': { keys: [{ key: 'escape' }], modes: ['prompt'], description: 'close the command line', hint: 'close' },
  'prompt.complete': {
    keys: [{ key: 'tab' }],
    modes: ['prompt'],
    description: 'complete a command, field, value or view name (the common part, then each in turn)',
    hint: 'complete',
  },
  // The one picker (src/state/picker.ts) while words are offered: ↓/↑ and →/← move, Home/End go to
  // the ends, letters narrow (`f` `b` Enter: bad), Enter takes it. Before the text field's keys.
  'prompt.next': {
    keys: [{ key: 'downArrow' }, { key: 'rightArrow' }],
    modes: ['prompt'],
    description: 'picker: the next value (result classes, values to copy, saved views, what Tab offers); letters narrow',
    when: 'words offered',
  },
  'prompt.prev': { keys: [{ key: 'upArrow' }, { key: 'leftArrow' }], modes: ['prompt'], description: 'picker: the previous value', when: 'words offered' },
  'prompt.first': { keys: [{ key: 'home' }], modes: ['prompt'], description: 'picker: the first value', when: 'words offered' },
  'prompt.last': { keys: [{ key: 'end' }], modes: ['prompt'], description: 'picker: the last value', when: 'words offered' },
  'form.prev': { keys: [{ key: 'tab', shift: true }, { key: 'upArrow' }], modes: ['form'], description: 'previous field' },
  'form.next': { keys: [{ key: 'tab' }, { key: 'downArrow' }], modes: ['form'], description: 'next field', hint: 'move' },
  'form.choiceNext': {
    keys: [{ key: 'rightArrow' }, { input: ' ' }],
    modes: ['form'],
    description: 'next choice (on a choice field)',
    hint: 'choose',
    when: 'on a choice field',
  },
  'form.choicePrev': { keys: [{ key: 'leftArrow' }], modes: ['form'], description: 'previous choice', when: 'on a choice field' },
  // The one picker's ends, as on the : line (a letter picks the next value it begins).
  'form.choiceFirst': {
    keys: [{ key: 'home' }],
    modes: ['form'],
    description: 'first choice (a letter: the next that begins with it)',
    when: 'on a choice field',
  },
  'form.choiceLast': { keys: [{ key: 'end' }], modes: ['form'], description: 'last choice', when: 'on a choice field' },
  'form.save': { keys: [{ input: 's', ctrl: true }], modes: ['form'], description: 'save', hint: 'save' },
  'form.enter': { keys: [{ key: 'return' }], modes: ['form'], description: 'next field; saves on the last (never from a list field)' },
  'form.cancel': { keys: [{ key: 'escape' }], modes: ['form'], description: 'cancel (asks if edited)', hint: 'cancel' },
  // Before text.end: in a list field Ctrl+E opens $EDITOR (End still goes to the end).
  'form.editor': { keys: [{ input: 'e', ctrl: true }], modes: ['form'], description: 'list field: one per line in $EDITOR', when: 'on a list field' },
  // The one text field’s keys, the same wherever text is typed.
  ...textDefs(),
  'confirm.yes': { keys: [{ input: 'y' }, { input: 'Y' }], modes: QUESTION_KINDS, description: 'yes', hint: 'yes' },
  'confirm.no': { keys: [{ input: 'n' }, { input: 'N' }, { key: 'escape' }], modes: QUESTION_KINDS, description: 'no', hint: 'no' },
  'confirm.toggle': {
    keys: [{ key: 'leftArrow' }, { key: 'rightArrow' }, { key: 'tab' }],
    modes: QUESTION_KINDS,
    when: 'the question offers a choice',
    description: 'choose',
  },
  'confirm.enter': { keys: [{ key: 'return' }], modes: QUESTION_KINDS, description: 'the chosen answer (No by default)' },
  // While a filter is typed, letters are the filter's: Esc clears it (before help.close), Enter keeps it.
  'help.clear': {
    keys: [{ key: 'escape' }],
    modes: ['help'],
    description: 'clear the filter (pressed again, it closes help)',
    hint: 'clear',
    when: 'a filter shown or typed',
  },
  'help.keep': {
    keys: [{ key: 'return' }],
    modes: ['help'],
    description: 'keep the filter and page through what it found',
    hint: 'keep',
    when: 'the filter typed',
  },
  'help.close': {
    keys: [{ input: '?' }, { key: 'escape' }, { input: 'q' }],
    modes: ['help'],
    description: 'close help',
    hint: 'close',
    when: 'the filter not typed',
  },
  'help.find': {
    keys: [{ input: '/' }],
    modes: ['help'],
    description: 'filter the keys as you type (by key or word)',
    hint: 'filter',
    when: 'the filter not typed',
  },
  'help.next': {
    keys: [{ key: 'downArrow' }, { input: 'j' }, { key: 'pageDown' }, { input: ' ' }],
    modes: ['help'],
    description: 'more keys',
    hint: 'more',
    when: 'the filter not typed',
  },
  'help.prev': {
    keys: [{ key: 'upArrow' }, { input: 'k' }, { key: 'pageUp' }],
    modes: ['help'],
    description: 'back',
    hint: 'back',
    when: 'the filter not typed',
  },
  // The one pager’s keys, last: where a view has none of its own for them.
  ...pagerDefs(),
} satisfies Record<string, KeyDef>;

/** What a key can do: one id per meaning, the table's own keys (the same key may mean different ids in different modes). */
export type BindingId = keyof typeof KEYS;

/** A row with its id and how its keys read in the help, the footer, docs/keys.md and `config keys`. */
export interface KeyRow extends KeyDef {
  id: BindingId;
  label: string;
}

export const KEY_ROWS: readonly KeyRow[] = (Object.keys(KEYS) as BindingId[]).map((id) => ({ id, ...KEYS[id], label: keysLabel(KEYS[id].keys) }));
