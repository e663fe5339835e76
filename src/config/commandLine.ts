// A command line as api_key_command holds it, split into a program and its arguments without a
// shell: words are separated by blanks; '…' keeps everything literally; "…" keeps everything but
// \" and \\; a backslash outside quotes keeps the next character. Nothing is expanded ($VAR, ~, *)
// and there are no pipes or redirections: those characters, unquoted, are refused with the way out
// (`sh -c '…'`), rather than passed on as arguments nobody meant. Pure.

export type Split = { ok: true; words: string[] } | { ok: false; error: string };

/** Unquoted, these would mean something to a shell; here they are refused. */
const SHELL_ONLY = new Set(['|', '&', ';', '<', '>', '`', '$', '(', ')']);

export function splitCommandLine(line: string): Split {
  const words: string[] = [];
  let word: string | undefined;
  let i = 0;
  const text = line.trim();
  if (!text) return { ok: false, error: 'the command is empty' };
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      i++;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return { ok: false, error: "a ' is not closed" };
      word = (word ?? '') + text.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      let part = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && (text[j + 1] === '"' || text[j + 1] === '\\')) j++;
        part += text[j];
        j++;
      }
      if (j >= text.length) return { ok: false, error: 'a " is not closed' };
      word = (word ?? '') + part;
      i = j + 1;
    } else if (c === '\\') {
      if (i + 1 >= text.length) return { ok: false, error: 'a \\ ends the command' };
      word = (word ?? '') + text[i + 1];
      i += 2;
    } else if (SHELL_ONLY.has(c)) {
      return {
        ok: false,
        error: `"${c}" needs a shell, and the command runs without one (no pipes, redirections or variables): quote it, or write sh -c '…'`,
      };
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  if (word !== undefined) words.push(word);
  return { ok: true, words };
}
