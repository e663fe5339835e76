// What `--ids -` reads: ids, or any output of sitedeck's own `list` (and a bulk run's lines) as it
// is, so `sitedeck websites list | sitedeck websites update --ids - …` works in every format
// (docs/scripting.md, "Pipes between commands"):
// - JSON (`--json`, `--format json`, `--format ndjson`, a bulk run's `--json`): the `id` of each record;
// - a header line whose first field is `id` (csv, tsv, the table): skipped, and each line after it
//   gives its first field (csv quoting read);
// - a line with a tab (piped `list` lines, a bulk run's piped lines): its first field;
// - any other line: every id on it, separated by spaces or commas (`echo '13 14 15'`, a resume line).
// Lines end in LF or CRLF; blank lines are skipped. The caller checks each token and drops duplicates.
import { parseAnswer } from '../api/jsonAnswer';
import { appendAll } from '../text/bounded';

type IdTokens = { ok: true; tokens: string[] } | { ok: false; problem: string };

/** A table's rows after its header: how the first field of a line is cut off. */
type Rows = 'csv' | 'tsv' | 'spaces';

/** `"12",…` → `12`: the first csv field, its quotes read as RFC 4180 writes them. */
function firstCsvField(line: string): string {
  if (!line.startsWith('"')) return line.split(',')[0];
  const m = /^"((?:[^"]|"")*)"/.exec(line);
  return m ? m[1].replace(/""/g, '"') : line;
}

function firstField(line: string, rows: Rows): string {
  if (rows === 'csv') return firstCsvField(line).trim();
  if (rows === 'tsv') return line.split('\t')[0].trim();
  return line.trim().split(/\s+/)[0];
}

/** `id,domain,…`, `id\tdomain…`, `ID  DOMAIN …`: the header of a table sitedeck wrote, and how its rows split. */
function headerOf(line: string): Rows | null {
  const m = /^\s*"?(id)"?(\t|,|\s+|$)/i.exec(line);
  if (!m) return null;
  return m[2] === '\t' ? 'tsv' : m[2] === ',' ? 'csv' : 'spaces';
}

const SGR = /\x1b\[[0-9;]*m/g;

function tokensOfLines(text: string): string[] {
  const tokens: string[] = [];
  let rows: Rows | null = null;
  // A table saved from a terminal keeps its bold and colours: they are no part of a field.
  for (const line of text.replace(SGR, '').split(/\r?\n/)) {
    if (!line.trim()) continue;
    const header = headerOf(line);
    if (header) {
      rows = header;
      continue;
    }
    if (rows) tokens.push(firstField(line, rows));
    else if (line.includes('\t')) tokens.push(firstField(line, 'tsv'));
    else appendAll(tokens, line.split(/[\s,]+/).filter(Boolean));
  }
  return tokens;
}

/** A record's id as a token: digits JSON.parse would round are kept as the text sent (parseAnswer). */
function idToken(record: unknown): string | null {
  const id = record && typeof record === 'object' && !Array.isArray(record) ? (record as { id?: unknown }).id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
}

function tokensOfRecords(records: readonly unknown[], where: (i: number) => string): IdTokens {
  const tokens: string[] = [];
  for (const [i, r] of records.entries()) {
    const t = idToken(r);
    if (t === null) return { ok: false, problem: `${where(i)} has no "id"` };
    tokens.push(t);
  }
  return { ok: true, tokens };
}

/** JSON on stdin: one document (`--json`'s `{"data": […]}`, an array, one record) or one record a line. */
function tokensOfJson(text: string): IdTokens {
  const whole = parseAnswer(text);
  if (whole.ok) {
    const v = whole.value as { data?: unknown } | null;
    const records = Array.isArray(v) ? v : v && typeof v === 'object' && Array.isArray(v.data) ? v.data : [v];
    return tokensOfRecords(records, (i) => `record ${i + 1} of the JSON read`);
  }
  const lines = text.split(/\r?\n/);
  const records: unknown[] = [];
  const lineOf: number[] = [];
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    const one = parseAnswer(line);
    if (!one.ok)
      return { ok: false, problem: `line ${i + 1} is not JSON (${one.problem === 'deep' ? 'nested too deep' : 'malformed'}), as the lines before it were` };
    records.push(one.value);
    lineOf.push(i + 1);
  }
  return tokensOfRecords(records, (i) => `line ${lineOf[i]}`);
}

/** The id tokens of what was piped to `--ids -`, unchecked: see the rule at the top. */
export function idTokensOf(text: string): IdTokens {
  const start = /\S/.exec(text)?.[0];
  if (start === '{' || start === '[') return tokensOfJson(text);
  return { ok: true, tokens: tokensOfLines(text) };
}
