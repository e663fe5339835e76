// Just enough of SGR (colours and text attributes, `ESC [ … m`) to tell whether a styled line
// leaves every style it opened closed again, without tokenising it character by character.

/** Every SGR sequence in a line. */
export const SGR = /\x1b\[([0-9;]*)m/g;

// Attribute groups: what turns each on, and the code that turns it off.
const OFF: Record<number, string> = {
  22: 'intensity',
  23: 'italic',
  24: 'underline',
  25: 'blink',
  27: 'inverse',
  28: 'hidden',
  29: 'strike',
  39: 'fg',
  49: 'bg',
  55: 'overline',
  59: 'ulcolor',
};
const ON: Record<number, string> = {
  1: 'intensity',
  2: 'intensity',
  3: 'italic',
  4: 'underline',
  5: 'blink',
  6: 'blink',
  7: 'inverse',
  8: 'hidden',
  9: 'strike',
  53: 'overline',
};

function onGroup(code: number): string | undefined {
  if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) return 'fg';
  if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) return 'bg';
  return ON[code];
}

/**
 * True when the line's styles are all off at its end, false when one is left on; undefined for a
 * code this reader does not know (the caller then takes the careful path).
 */
export function stylesClosed(line: string): boolean | undefined {
  const on = new Set<string>();
  for (const m of line.matchAll(SGR)) {
    const params = m[1] === '' ? [0] : m[1].split(';').map(Number);
    for (let i = 0; i < params.length; i++) {
      const p = params[i];
      if (p === 0) on.clear();
      else if (OFF[p]) on.delete(OFF[p]);
      else if (p === 38 || p === 48 || p === 58) {
        // Extended colour: 5;n or 2;r;g;b follow.
        const kind = params[i + 1];
        if (kind === 5) i += 2;
        else if (kind === 2) i += 4;
        else return undefined;
        on.add(p === 38 ? 'fg' : p === 48 ? 'bg' : 'ulcolor');
      } else {
        const g = onGroup(p);
        if (!g) return undefined;
        on.add(g);
      }
    }
  }
  return on.size === 0;
}
