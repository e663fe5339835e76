// `--ids 1,2,3` or `--ids -` (ids on stdin, separated by spaces, commas or newlines): checked,
// de-duplicated, in the order given, before anything is sent. Whatever sitedeck's own `list` (and a
// bulk run) writes pipes into `--ids -` as it is: the rule is ./idLines.ts.
import { parseIdToken, type RecordId } from '../domain';
import { excerpt } from '../text/sanitize';
import { EXIT } from './exitCodes';
import { CommandFailure } from './failure';
import { idTokensOf } from './idLines';
import { readAll, type Io } from './io';

function checkedIds(tokens: readonly string[]): RecordId[] {
  const bad = tokens.filter((t) => parseIdToken(t) === null);
  if (bad.length) {
    const shown = bad
      .slice(0, 3)
      .map((t) => `"${excerpt(t)}"`)
      .join(', ');
    throw new CommandFailure(
      EXIT.usage,
      `--ids: ids are whole numbers from 1 (got ${shown}${bad.length > 3 ? ` and ${bad.length - 3} more` : ''}); nothing was sent`,
    );
  }
  const ids = [...new Set(tokens.map((t) => parseIdToken(t)!))];
  if (!ids.length) throw new CommandFailure(EXIT.usage, '--ids: no ids given; nothing was sent');
  return ids;
}

export async function idsFrom(raw: string, io: Io): Promise<RecordId[]> {
  if (raw !== '-') return checkedIds(raw.split(/[\s,]+/).filter(Boolean));
  if (io.isTTY.stdin) throw new CommandFailure(EXIT.usage, '--ids -: pipe the ids in (one per line, or separated by spaces or commas)');
  const read = idTokensOf(await readAll(io));
  if (!read.ok) throw new CommandFailure(EXIT.usage, `--ids -: ${read.problem}; nothing was sent`);
  return checkedIds(read.tokens);
}
