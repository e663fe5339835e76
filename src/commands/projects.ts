// `sitedeck reports projects [--json]`: one row per project (site) from every report, read with
// per_page=100 through the host's pacer; progress on stderr on a terminal.
import type { ResolvedConfig } from '../config/types';
import { PROJECT_SORTS, REPORTS, SORT_DIRECTIONS, parseChoice, sortProjects, type ProjectRow, type ProjectSort, type SortDirection } from '../domain';
import { historyFor, withHistory } from '../history';
import { readProjects } from '../state/projectsRead';
import { proportionalCells } from '../text/proportion';
import { sanitize } from '../text/sanitize';
import { shortUrl } from '../text/url';
import { clientFor } from './client';
import { EXIT } from './exitCodes';
import { CommandFailure } from './failure';
import { shortDate } from './format/cells';
import { classColour, bold } from './format/colour';
import { toJson } from './format/json';
import { renderTable, renderTsv, type TableColumn } from './format/table';
import type { Options } from './input';
import { dumbTerminal, widthOf, type Io } from './io';
import { groupDigits } from '../text/digits';

const MIX_CELLS = 6;
const MIX_GLYPHS = ['█', '▓', '░'];

/** `███▓▓░ 12/5/3`: good/decent/bad as a proportional bar (one glyph per class), then the counts. */
function mixText(row: ProjectRow, bar: boolean): string {
  const counts = [row.mix.good, row.mix.decent, row.mix.bad];
  const cells = proportionalCells(counts, MIX_CELLS);
  const drawn = bar
    ? cells
        .map((n, i) => MIX_GLYPHS[i].repeat(n))
        .join('')
        .padEnd(MIX_CELLS) + ' '
    : '';
  return `${drawn}${counts.join('/')}`;
}

const num = (n: number | null) => (n === null ? '—' : String(n));

function parseSort(opts: Options): { by: ProjectSort; dir: SortDirection } {
  const by = opts.sortBy === undefined ? { ok: true as const, value: 'average' as ProjectSort } : parseChoice('--sort-by', PROJECT_SORTS, String(opts.sortBy));
  if (!by.ok) throw new CommandFailure(EXIT.usage, by.error);
  const byDefault: SortDirection = by.value === 'project' ? 'asc' : 'desc';
  const dir = opts.sort === undefined ? { ok: true as const, value: byDefault } : parseChoice('--sort', SORT_DIRECTIONS, String(opts.sort));
  if (!dir.ok) throw new CommandFailure(EXIT.usage, dir.error);
  return { by: by.value, dir: dir.value };
}

export async function runProjects(opts: Options, config: ResolvedConfig, io: Io, signal: AbortSignal): Promise<number> {
  const sort = parseSort(opts);
  const raw = clientFor(config, REPORTS, io);
  const history = historyFor(config, { host: raw.hosts.seo, env: io.env, onWarning: (t) => io.stderr.write(`warning: ${sanitize(t)}\n`) });
  const client = withHistory(raw, history);
  const progress = Boolean(io.isTTY.stderr) || opts.progress === true;
  // Redrawn in place on a terminal that takes cursor control; whole lines otherwise (piped, TERM=dumb).
  const inPlace = Boolean(io.isTTY.stderr) && !dumbTerminal(io);
  const say = (read: number, total: number | null) =>
    io.stderr.write(`${inPlace ? '\r\x1b[K' : ''}reading reports ${groupDigits(read)}/${total === null ? '?' : groupDigits(total)}${inPlace ? '' : '\n'}`);
  let done;
  try {
    done = await readProjects(client.reports, { signal, onProgress: progress ? (p) => say(p.read, p.total) : undefined });
  } finally {
    if (progress && inPlace) io.stderr.write('\r\x1b[K');
    await history.flush();
  }
  const rows = sortProjects(done.rows, sort.by, sort.dir);
  if (opts.json === true) {
    io.stdout.write(toJson({ data: rows, meta: { projects: rows.length, reports: done.read } }));
    return EXIT.ok;
  }
  const cells = (r: ProjectRow, tty: boolean) => [
    sanitize(r.project),
    String(r.reports),
    num(r.average),
    num(r.lowest),
    num(r.highest),
    mixText(r, tty),
    r.worst ? sanitize(r.worst.url) : '—',
    shortDate(r.last_generated_at),
  ];
  if (!io.isTTY.stdout) {
    io.stdout.write(renderTsv(rows.map((r) => cells(r, false))));
    return EXIT.ok;
  }
  const columns: TableColumn[] = [
    { header: 'PROJECT', max: 32 },
    { header: 'REPORTS', max: 7 },
    { header: 'AVG', max: 3 },
    { header: 'LOW', max: 3 },
    { header: 'HIGH', max: 4 },
    { header: 'GOOD/DECENT/BAD', max: 20 },
    { header: 'WORST PAGE', max: 60, flex: true, cut: (t, w) => shortUrl(t, w) },
    { header: 'LAST ANALYSIS', max: 16 },
  ];
  const cls = (r: ProjectRow) => (r.average === null ? null : r.average > 79 ? 'good' : r.average >= 49 ? 'decent' : 'bad');
  io.stdout.write(
    renderTable(
      columns,
      rows.map((r) => cells(r, true)),
      {
        termWidth: widthOf(io),
        bold: io.color ? bold : undefined,
        paint: io.color ? (text, col, row) => (col === 2 ? (classColour(cls(rows[row]))?.(text) ?? text) : text) : undefined,
      },
    ),
  );
  io.stderr.write(`${rows.length} projects from ${done.read} reports\n`);
  return EXIT.ok;
}
