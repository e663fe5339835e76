// Your own keys: the config file's `keys` section, `{ "list": { "quit": "x", "cursor.down": ["j", "n"] } }`,
// maps actions to keys per mode. Each entry is checked (the mode, the action, each key, a clash
// with another binding of that mode); a broken one is named with its line and the defaults stay.
import type { ModeKind } from './modes';
import { keyName, type KeySpec } from './spec';
import { KEY_ROWS, type BindingId, type KeyRow } from './table';

/** What the check reads of a binding: a binding that means its key only sometimes (`when`) shares it by design. */
type Checked = Pick<KeyRow, 'id' | 'keys' | 'modes' | 'description'> & { when?: unknown };

const NAMED: Record<string, KeySpec['key']> = {
  up: 'upArrow',
  down: 'downArrow',
  left: 'leftArrow',
  right: 'rightArrow',
  pgup: 'pageUp',
  pgdn: 'pageDown',
  pageup: 'pageUp',
  pagedown: 'pageDown',
  home: 'home',
  end: 'end',
  enter: 'return',
  return: 'return',
  esc: 'escape',
  escape: 'escape',
  tab: 'tab',
  bksp: 'backspace',
  backspace: 'backspace',
  del: 'delete',
  delete: 'delete',
};

/** "j", "C-n", "M-b", "S-Tab", "Enter", "Esc", "Space", "PgDn", "Up"… as the help writes them; null when unreadable. */
export function parseKey(text: string): KeySpec | null {
  let rest = text;
  let ctrl = false;
  let shift = false;
  let meta = false;
  for (;;) {
    if (/^C-./i.test(rest)) ctrl = true;
    else if (/^S-./i.test(rest)) shift = true;
    else if (/^M-./i.test(rest)) meta = true;
    else break;
    rest = rest.slice(2);
  }
  const mods = { ...(ctrl ? { ctrl } : {}), ...(meta ? { meta } : {}) };
  if (rest === 'Space' || rest === ' ') return { input: ' ', ...mods };
  const named = NAMED[rest.toLowerCase()];
  if (named && rest.length > 1) return { key: named, ...mods, ...(shift ? { shift } : {}) };
  if ([...rest].length !== 1 || shift || /[\x00-\x1f\x7f]/.test(rest)) return null;
  return { input: ctrl ? rest.toLowerCase() : rest, ...mods };
}

export interface KeyConfigResult {
  /** The keys each action gets instead of its defaults. */
  keys: Map<BindingId, KeySpec[]>;
  /** One line per entry left out, naming its line in the file. */
  errors: string[];
}

/** The modes some binding applies in, in the table's order. */
const MODES: readonly ModeKind[] = [...new Set(KEY_ROWS.flatMap((b) => b.modes))];

/** The 1-based line of the first `"word"` at or after `from` in `text` (the file as written). */
function lineOf(text: string, word: string, from: number): { line: number; at: number } {
  const at = text.indexOf(JSON.stringify(word), from);
  if (at < 0) return { line: 0, at: from };
  return { line: text.slice(0, at).split('\n').length, at };
}

/** Reads the `keys` section (`raw`, parsed from `text`, the file's contents) against the keymap. */
export function readKeyConfig(raw: unknown, text: string, path: string, keymap: readonly Checked[] = KEY_ROWS): KeyConfigResult {
  const keys = new Map<BindingId, KeySpec[]>();
  const errors: string[] = [];
  if (raw === undefined) return { keys, errors };
  const start = lineOf(text, 'keys', 0);
  const where = (line: number) => `${path}:${line || start.line}`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { keys, errors: [`${where(start.line)}: "keys" must be an object of modes ({"list": {"quit": "x"}})`] };
  const byId = new Map(keymap.map((b) => [b.id, b]));
  const wanted: { id: BindingId; mode: ModeKind; specs: KeySpec[]; line: number }[] = [];
  for (const [mode, entries] of Object.entries(raw as Record<string, unknown>)) {
    const m = lineOf(text, mode, start.at);
    if (!MODES.includes(mode as ModeKind)) {
      errors.push(`${where(m.line)}: unknown mode "${mode}" (modes: ${MODES.join(', ')})`);
      continue;
    }
    if (!entries || typeof entries !== 'object' || Array.isArray(entries)) {
      errors.push(`${where(m.line)}: keys.${mode} must map actions to keys ({"quit": "x"})`);
      continue;
    }
    for (const [id, value] of Object.entries(entries as Record<string, unknown>)) {
      const e = lineOf(text, id, m.at);
      const b = byId.get(id as BindingId);
      if (!b) {
        errors.push(`${where(e.line)}: keys.${mode}: unknown action "${id}" (sitedeck config keys lists them)`);
        continue;
      }
      if (!b.modes.includes(mode as ModeKind)) {
        errors.push(`${where(e.line)}: keys.${mode}: "${id}" works in ${b.modes.join(', ')}, not ${mode}`);
        continue;
      }
      const texts = typeof value === 'string' ? [value] : Array.isArray(value) && value.length && value.every((v) => typeof v === 'string') ? value : null;
      const specs = texts?.map(parseKey);
      if (!texts || !specs || specs.some((s) => s === null)) {
        const bad = texts?.find((t) => parseKey(t) === null);
        errors.push(
          `${where(e.line)}: keys.${mode}.${id}: ${bad !== undefined ? `cannot read the key "${bad}"` : 'give a key or a list of keys'}` +
            ` (a character, C-x, M-x, S-Tab, or Enter, Esc, Tab, Space, Bksp, Del, Up, Down, Left, Right, PgUp, PgDn, Home, End)`,
        );
        continue;
      }
      wanted.push({ id: b.id, mode: mode as ModeKind, specs: specs as KeySpec[], line: e.line });
    }
  }
  for (const w of wanted) keys.set(w.id, w.specs);
  // A key the same mode already gives another action: that entry goes, its action keeps its defaults.
  for (const w of wanted) {
    const mine = new Set(w.specs.map(keyName));
    const other = keymap.find((b) => b.id !== w.id && b.modes.includes(w.mode) && !b.when && (keys.get(b.id) ?? b.keys).some((k) => mine.has(keyName(k))));
    if (other) {
      const key = (keys.get(other.id) ?? other.keys).map(keyName).find((k) => mine.has(k));
      errors.push(`${where(w.line)}: keys.${w.mode}.${w.id}: "${key}" is already "${other.description}" (${other.id}) in ${w.mode}`);
      keys.delete(w.id);
    }
  }
  return { keys, errors };
}
