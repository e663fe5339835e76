// `sitedeck websites|reports <verb>`: list, get, create, update, delete, rerun.
import { idText, type RecordId } from '../domain';
import type { ResourceClient } from '../api/types';
import type { ResolvedConfig } from '../config/types';
import {
  checkView,
  rerunValues,
  resourceDef,
  secretMissing,
  secretRequiredMessage,
  storedState,
  type ListQuery,
  type ResourceDef,
  type ResourceName,
  type WriteValues,
} from '../domain';
import { excerpt, sanitize } from '../text/sanitize';
import { clientFor } from './client';
import { noticeWaits } from './waitNotice';
import { EXIT } from './exitCodes';
import { CommandFailure } from './failure';
import { renderDetail, renderList, type View } from './format/records';
import { asRow, type AnyRecord } from './format/cells';
import { flagOf } from './flags';
import { fieldErrorLines, listQueryFrom, writeValuesFrom, type Options } from './input';
import { parseTarget, resolveTarget } from './resolve';
import { confirm, readSecret, widthOf, type Io } from './io';
import { toJson } from './format/json';
import { EXPORT_FORMATS, exportWriter, type ExportFormat } from './format/export';
import { runListAll, type ListOutput } from './listAll';
import { runWatch, WATCH_MAX_S, WATCH_MIN_S } from './watch';
import type { Pacer } from '../api/pace';
import { runBulk, type BulkRun, type Targets } from './bulk';
import { runDryRun, type Change } from './dryRun';
import { readOnlyWhy } from '../config/readOnly';
import { idsFrom } from './ids';
import { BULK_SELECTORS, camel } from './flags';
import { classify, type Report } from '../domain';
import { pageNote } from './listNote';
import { pageMetaJson } from './format/meta';
import { historyFor, NO_HISTORY, withHistory, type HistoryStore } from '../history';
import { arrow, trendOf } from '../history/model';
import { shortDate } from './format/cells';

export type ResourceVerb = 'list' | 'get' | 'create' | 'update' | 'delete' | 'rerun';
const MUTATING: readonly ResourceVerb[] = ['create', 'update', 'delete', 'rerun'];

export interface ResourceRun {
  verb: ResourceVerb;
  resource: ResourceName;
  args: readonly string[];
  opts: Options;
  config: ResolvedConfig;
  io: Io;
  signal: AbortSignal;
}

const viewOf = (io: Io): View => ({ tty: io.isTTY.stdout, color: io.color, columns: widthOf(io) });
const json = (io: Io, value: unknown) => io.stdout.write(toJson(value));
const nameOf = (def: ResourceDef, r: AnyRecord) => sanitize(r[def.nameField] ?? `#${idText(r.id as RecordId)}`);

export async function runResource(run: ResourceRun): Promise<number> {
  const def = resourceDef(run.resource);
  // Check everything the command line says before the first request (and before refusing read-only).
  const prepared = await prepare(def, run);
  // A dry run sends nothing, so read-only mode lets it through.
  if (MUTATING.includes(run.verb) && run.config.readOnly && run.opts.dryRun !== true) {
    throw new CommandFailure(
      EXIT.readOnly,
      `refused: ${run.verb} changes data and ${readOnlyWhy(run.config)}; nothing was sent (--dry-run shows what would be)`,
    );
  }
  const raw = clientFor(run.config, def, run.io);
  // Reports read here join the profile's score history (a delete drops the report's).
  const history =
    def.name === 'reports'
      ? historyFor(run.config, { host: raw.hosts.seo, env: run.io.env, onWarning: (t) => run.io.stderr.write(`warning: ${sanitize(t)}\n`) })
      : NO_HISTORY;
  const full = withHistory(raw, history);
  const client = full.resource(run.resource);
  const pacer = full.pacer(def.host);
  // Piped without --progress, nothing else says why the command stands still.
  const quiet = !run.io.isTTY.stderr && run.opts.progress !== true;
  const unwatch = quiet ? noticeWaits(run.io, pacer, def.host === 'seo' ? 'SEO host' : 'analytics host') : () => {};
  try {
    return await prepared(client, pacer, history);
  } finally {
    unwatch();
    await history.flush();
  }
}

type Step = (client: ResourceClient<ResourceName>, pacer: Pacer, history: HistoryStore) => Promise<number>;

/** A report's trend as label/value lines for `reports get`, `rerun` and `create`. */
async function trendPairs(history: HistoryStore, record: AnyRecord): Promise<[string, string][]> {
  await history.ready(); // the file was being read while the request went out
  const trend = trendOf(history.analyses(record.id as RecordId));
  if (!trend) return [];
  return [
    ['History', trend.summary],
    ...trend.rows.map((r): [string, string] => [
      `  ${shortDate(r.generated_at)}`,
      `${r.result} ${classify(r.result)}${r.change === null ? '' : ` ${arrow(r.change)}`}`,
    ]),
  ];
}

/** `--watch N`: seconds between refreshes, within bounds; null without the flag. */
function watchSeconds(opts: Options): number | null {
  if (opts.watch === undefined) return null;
  const text = String(opts.watch);
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < WATCH_MIN_S || n > WATCH_MAX_S)
    throw new CommandFailure(EXIT.usage, `--watch must be a number of seconds from ${WATCH_MIN_S} to ${WATCH_MAX_S} (got "${excerpt(text)}")`);
  return n;
}

/** The query of `--view NAME`, checked like the flags; the flags given are laid over it. */
function savedViewQuery(def: ResourceDef, run: ResourceRun): ListQuery {
  const name = run.opts.view;
  if (typeof name !== 'string') return {};
  const views = run.config.views ?? {};
  const known = Object.keys(views).sort().join(', ') || 'none';
  if (!Object.prototype.hasOwnProperty.call(views, name))
    throw new CommandFailure(EXIT.usage, `no view "${name}" in profile "${run.config.profile}" (views: ${known})`);
  const found = checkView(name, views[name]);
  if (!found.ok) throw new CommandFailure(EXIT.usage, `${found.error} (in ${run.config.configPath})`);
  if (found.view.resource !== def.name)
    throw new CommandFailure(EXIT.usage, `view "${name}" is a view of ${found.view.resource}: sitedeck ${found.view.resource} list --view ${name}`);
  return found.view.query;
}

async function prepare(def: ResourceDef, run: ResourceRun): Promise<Step> {
  const bulk = await bulkFrom(def, run);
  if (bulk) return (client, pacer) => runBulk(bulk, client, pacer);
  if (run.opts.dryRun === true && run.verb !== 'list' && run.verb !== 'get') return prepareDryRun(def, run, run.verb);
  switch (run.verb) {
    case 'list':
      return prepareList(def, run);
    case 'get':
      return prepareGet(def, run);
    case 'create':
    case 'update':
    case 'rerun':
      return prepareWrite(def, run);
    case 'delete':
      return prepareDelete(def, run);
  }
}

/** `list`: one page, every page (--all), or one page again and again (--watch). */
function prepareList(def: ResourceDef, run: ResourceRun): Step {
  const { io, opts, signal } = run;
  const query = { ...savedViewQuery(def, run), ...listQueryFrom(def, opts) };
  const all = opts.all === true;
  const output = listOutput(opts);
  if (all && query.page !== undefined) throw new CommandFailure(EXIT.usage, '--all reads every page: leave out --page');
  const watch = watchSeconds(opts);
  if (watch !== null) {
    if (all || output.kind === 'export') throw new CommandFailure(EXIT.usage, '--watch refreshes one page: leave out --all and --format');
    return (client) =>
      runWatch({
        seconds: watch,
        query,
        io,
        signal,
        title: `sitedeck ${def.name} list`,
        fetch: (q, s) => client.list(q, { signal: s }),
        render: (page) => (output.kind === 'json' ? toJson({ data: page.items, meta: pageMetaJson(page.meta) }) : renderList(def, page.items, viewOf(io))),
      });
  }
  return async (client, pacer, history) => {
    if (all) {
      return runListAll({ def, client, pacer, query, output, io, view: viewOf(io), signal, progress: opts.progress === true || Boolean(io.isTTY.stderr) });
    }
    const { items, meta } = await client.list(query, { signal });
    if (output.kind === 'json') {
      json(io, { data: items, meta: pageMetaJson(meta) });
      return EXIT.ok;
    }
    // What the page left out (or what an empty one was asked): beside the rows on a terminal, on stderr otherwise.
    const note = pageNote(def, meta, items.length, query);
    const table = output.kind === 'default' && io.isTTY.stdout;
    if (output.kind === 'export') {
      const w = exportWriter(def, output.format, { raw: output.raw });
      io.stdout.write(w.start() + items.map((r) => w.record(asRow(r))).join('') + w.end());
    } else if (items.length > 0 || !table) {
      await history.ready(); // the file was being read while the request went out
      io.stdout.write(renderList(def, items.map(asRow), viewOf(io), (row) => arrow(history.change(items[row] as Report))));
    }
    if (note) (table ? io.stdout : io.stderr).write(`${note}\n`);
    return EXIT.ok;
  };
}

/** `get`: one record, its detail or its JSON. */
function prepareGet(def: ResourceDef, run: ResourceRun): Step {
  const { opts, io, signal } = run;
  const asJson = opts.json === true;
  const target = parseTarget(def, run.args[0]);
  return async (client, _pacer, history) => {
    const record = await client.get(await resolveTarget(client, def, target, signal), { signal });
    if (asJson) json(io, record);
    else io.stdout.write(renderDetail(def, asRow(record), viewOf(io), await trendPairs(history, asRow(record))));
    return EXIT.ok;
  };
}

/** `create`, `update`, `rerun`: one write, then the record as the host has it. */
async function prepareWrite(def: ResourceDef, run: ResourceRun): Promise<Step> {
  const { io, opts, signal } = run;
  const asJson = opts.json === true;
  const op = run.verb === 'create' ? 'create' : 'update';
  const target = run.verb === 'create' ? undefined : parseTarget(def, run.args[0]);
  let values;
  if (run.verb === 'rerun') values = rerunOf(def);
  else {
    const secrets = await secretsFromStdin(def, op, opts, io);
    values = writeValuesFrom(def, op, opts, { name: run.args[0], secrets });
  }
  // Privacy becoming Password with no password given: only the record knows whether one is set.
  const askStored = target !== undefined && secretMissing(def, 'update', values, { secretSet: false }) !== undefined;
  return async (client, _pacer, history) => {
    const id = target && (await resolveTarget(client, def, target, signal));
    if (askStored && id !== undefined) refuseMissingSecret(def, values, asRow(await client.get(id, { signal })));
    const record = id === undefined ? await client.create(values, { signal }) : await client.update(id, values, { signal });
    if (asJson) json(io, record);
    else {
      const done = run.verb === 'create' ? 'Created' : run.verb === 'rerun' ? 'Re-ran' : 'Updated';
      io.stderr.write(`${done} ${def.singular} ${nameOf(def, asRow(record))} (id ${idText(record.id)})\n`);
      io.stdout.write(renderDetail(def, asRow(record), viewOf(io), await trendPairs(history, asRow(record))));
    }
    return EXIT.ok;
  };
}

/** `--dry-run` of one change: the record read (named or not there), what would be sent printed; nothing written, nothing asked. */
async function prepareDryRun(def: ResourceDef, run: ResourceRun, change: Change): Promise<Step> {
  const { io, opts, signal } = run;
  const op = change === 'create' ? 'create' : 'update';
  let values: WriteValues | undefined;
  if (change === 'rerun') values = rerunOf(def);
  else if (change !== 'delete') values = writeValuesFrom(def, op, opts, { name: run.args[0], secrets: await secretsFromStdin(def, op, opts, io) });
  const dry = { def, change, values, json: opts.json === true, io, signal };
  if (change === 'create') return (client, pacer) => runDryRun({ ...dry, targets: [{ name: sanitize(run.args[0] ?? '') }] }, client, pacer);
  const target = parseTarget(def, run.args[0]);
  const askStored = values !== undefined && secretMissing(def, 'update', values, { secretSet: false }) !== undefined;
  return async (client, pacer) => {
    const id = await resolveTarget(client, def, target, signal);
    // As the write would be refused: Password with no password given, where the record has none.
    if (askStored && values) refuseMissingSecret(def, values, asRow(await client.get(id, { signal })));
    return runDryRun({ ...dry, targets: [{ id }] }, client, pacer);
  };
}

/** `delete`: one record, asked first on a terminal unless --yes. */
function prepareDelete(def: ResourceDef, run: ResourceRun): Step {
  const { io, opts, signal } = run;
  const asJson = opts.json === true;
  const target = parseTarget(def, run.args[0]);
  const yes = opts.yes === true;
  // Asked in the step, after the read-only lock: a read-only profile says so (EXIT.readOnly), not "needs --yes".
  return async (client) => {
    if (!yes && !io.isTTY.stdin) {
      const named = target.kind === 'id' ? idText(target.id) : sanitize(target.name);
      throw new CommandFailure(EXIT.usage, `delete needs --yes when there is no terminal to ask on (${def.singular} ${named} was not deleted)`);
    }
    const id = await resolveTarget(client, def, target, signal);
    // Name what goes: the question (and the report) shows the domain or URL, not just an id.
    const record = asRow(await client.get(id, { signal }));
    const label = `${def.singular} ${nameOf(def, record)} (id ${idText(id)})`;
    if (!yes && !(await confirm(io, `Delete ${label}?`))) {
      io.stderr.write(`Kept ${label}\n`);
      return EXIT.ok;
    }
    const deleted = await client.delete(id, { signal });
    if (asJson) json(io, deleted);
    else io.stderr.write(`Deleted ${label}\n`);
    return EXIT.ok;
  };
}

/** The same rule as the form's, on the stored record: refused before the write is sent. */
function refuseMissingSecret(def: ResourceDef, values: Record<string, unknown>, record: AnyRecord): void {
  const pw = secretMissing(def, 'update', values, storedState(def, record));
  if (!pw) return;
  const lines = fieldErrorLines({ [pw.name]: [secretRequiredMessage(def, pw)] }, flagOf);
  throw new CommandFailure(EXIT.usage, [
    `invalid values, nothing was sent (${def.singular} ${nameOf(def, record)} has no ${pw.label.toLowerCase()}):`,
    ...lines.map((l) => `  ${l} (give --${pw.name} or --${pw.name}-stdin)`),
  ]);
}

/** `--password-stdin` (any secret field): read it before anything is sent. */
async function secretsFromStdin(def: ResourceDef, op: 'create' | 'update', opts: Options, io: Io): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of def.fields) {
    if (f.kind !== 'secret' || !f.ops.includes(op)) continue;
    const key = `${f.name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())}Stdin`;
    if (opts[key] !== true) continue;
    if (opts[f.name] !== undefined) throw new CommandFailure(EXIT.usage, `give --${f.name} or --${f.name}-stdin, not both`);
    const value = await readSecret(io, `${f.label}: `);
    if (!value) throw new CommandFailure(EXIT.usage, `--${f.name}-stdin: nothing was read from stdin`);
    out[f.name] = value;
  }
  return out;
}

/** --json, --format or neither; both is a usage error (they say different things). */
function listOutput(opts: Options): ListOutput {
  const format = opts.format;
  if (format === undefined) {
    if (opts.raw === true) throw new CommandFailure(EXIT.usage, "--raw goes with --format csv or tsv (the server's codes instead of labels)");
    return opts.json === true ? { kind: 'json' } : { kind: 'default' };
  }
  if (opts.json === true) throw new CommandFailure(EXIT.usage, 'give --json or --format, not both');
  if (!EXPORT_FORMATS.includes(format as ExportFormat)) {
    throw new CommandFailure(EXIT.usage, `--format must be one of ${EXPORT_FORMATS.join(', ')} (got "${excerpt(format)}")`);
  }
  return { kind: 'export', format: format as ExportFormat, raw: opts.raw === true };
}

/** A bulk run when --ids (or, for rerun, a selection) is given; undefined for one record. */
async function bulkFrom(def: ResourceDef, run: ResourceRun): Promise<BulkRun | undefined> {
  const { opts, io, verb } = run;
  if (verb !== 'update' && verb !== 'delete' && verb !== 'rerun') return undefined;
  const selecting = verb === 'rerun' && BULK_SELECTORS.some((k) => opts[camel(k)] !== undefined);
  if (opts.ids === undefined && !selecting) {
    if (run.args[0] === undefined)
      throw new CommandFailure(
        EXIT.usage,
        `give the id (or ${def.nameField}) of the ${def.singular}, or --ids (ids separated by commas; - reads them from stdin)`,
      );
    return undefined;
  }
  if (run.args[0] !== undefined) throw new CommandFailure(EXIT.usage, `give one id or --ids${verb === 'rerun' ? ' or a selection' : ''}, not both`);
  if (opts.ids !== undefined && selecting) throw new CommandFailure(EXIT.usage, 'give --ids or a selection (--project, --result, --search), not both');
  let values: WriteValues | undefined;
  if (verb === 'rerun') values = rerunOf(def);
  if (verb === 'update') {
    if (opts.ids === '-' && Object.keys(opts).some((k) => k.endsWith('Stdin') && opts[k] === true)) {
      throw new CommandFailure(EXIT.usage, '--ids - and a --*-stdin flag both read stdin: give the ids with --ids 1,2,3');
    }
    values = writeValuesFrom(def, 'update', opts, { secrets: await secretsFromStdin(def, 'update', opts, io) });
  }
  const targets: Targets = selecting
    ? {
        kind: 'query',
        query: listQueryFrom(def, Object.fromEntries(BULK_SELECTORS.filter((k) => opts[camel(k)] !== undefined).map((k) => [camel(k), opts[camel(k)]]))),
      }
    : { kind: 'ids', ids: await idsFrom(String(opts.ids), io) };
  return {
    def,
    verb,
    targets,
    values,
    io,
    dryRun: opts.dryRun === true,
    yes: opts.yes === true,
    json: opts.json === true,
    signal: run.signal,
    progress: opts.progress === true || Boolean(io.isTTY.stderr),
  };
}

/** What a re-run sends: the domain's one re-run update (the deck's re-run sends the same). */
function rerunOf(def: ResourceDef): WriteValues {
  const values = rerunValues(def);
  if (!values) throw new CommandFailure(EXIT.usage, `${def.title.toLowerCase()} cannot be re-run`);
  return values;
}
