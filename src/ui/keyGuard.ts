// Ink 6.8's useInput takes `keypress.name` as the input of a Ctrl-modified key and calls startsWith
// on it; a CSI key carrying the Ctrl modifier that Ink has no name for (ESC [1;5G, ESC [5z,
// ESC [99;5~ — some terminals and keyboards send these) leaves it undefined, and the deck died with
// a TypeError and a stack trace. The deck binds no such key, so they are dropped before Ink reads
// its input; every other byte passes unchanged. The checks mirror Ink's parse-keypress.

/** Key codes Ink's parse-keypress names (its keyName table). */
const NAMED = new Set([
  'OP', 'OQ', 'OR', 'OS', '[11~', '[12~', '[13~', '[14~', '[[A', '[[B', '[[C', '[[D', '[[E', '[15~', '[17~', '[18~', '[19~',
  '[20~', '[21~', '[23~', '[24~', '[A', '[B', '[C', '[D', '[E', '[F', '[H', 'OA', 'OB', 'OC', 'OD', 'OE', 'OF', 'OH',
  '[1~', '[2~', '[3~', '[4~', '[5~', '[6~', '[[5~', '[[6~', '[7~', '[8~', '[a', '[b', '[c', '[d', '[e', '[2$', '[3$',
  '[5$', '[6$', '[7$', '[8$', 'Oa', 'Ob', 'Oc', 'Od', 'Oe', '[2^', '[3^', '[5^', '[6^', '[7^', '[8^', '[Z',
]);
/** A CSI sequence as Ink's input parser cuts it (Alt adds leading ESCs; `ESC [ [` is legacy). */
const CSI = /\x1b+\[\[?[0-?]*[ -/]*[@-~]/g;
/** How parse-keypress reads a function key: prefix, code, modifier. */
const FN_KEY = /^(?:\x1b+)(O|N|\[|\[\[)(?:(\d+)(?:;(\d+))?([~^$])|(?:1;)?(\d+)?([a-zA-Z]))/;

/** Would Ink crash on this one key? (Ctrl bit set, no name.) */
export function isUnnamedCtrlKey(seq: string): boolean {
  if (/^\x1b\[[\d;:]*u$/.test(seq)) return false; // the kitty keyboard protocol: Ink reads those another way
  const m = FN_KEY.exec(seq);
  if (!m) return false;
  const code = [m[1], m[2], m[4], m[6]].filter(Boolean).join('');
  const modifier = Number(m[3] || m[5] || 1) - 1;
  return (modifier & 4) !== 0 && !NAMED.has(code);
}

export function dropUnnamedCtrlKeys(input: string): string {
  if (!input.includes('\x1b')) return input;
  return input.replace(CSI, (seq) => (isUnnamedCtrlKey(seq) ? '' : seq));
}

/** Makes `stdin.read()` (what Ink reads keys with) pass through dropUnnamedCtrlKeys. */
export function guardStdin(stdin: NodeJS.ReadStream): void {
  const read = stdin.read.bind(stdin);
  stdin.read = ((size?: number) => {
    const chunk: unknown = read(size);
    if (chunk === null) return null;
    return dropUnnamedCtrlKeys(typeof chunk === 'string' ? chunk : String(chunk));
  }) as typeof stdin.read;
}
