// The words a switch may be written as (flag value, environment, config file, `config set`). Apart
// from settings.ts so that the entry can read a switch before the settings table loads.

export const TRUE_WORDS: readonly string[] = ['true', 'yes', 'on', '1'];
export const FALSE_WORDS: readonly string[] = ['false', 'no', 'off', '0'];

/** A switch as written → true or false; undefined when it is neither. */
export function booleanWord(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  const v = String(raw).trim().toLowerCase();
  if (TRUE_WORDS.includes(v)) return true;
  if (FALSE_WORDS.includes(v)) return false;
  return undefined;
}
