// `--dry-run` of every change (create, update, delete, rerun; one record or many): each record is
// read first (a GET an id, paced as every request), so an id that does not exist is said and the
// run ends non-zero, and what would be sent is printed: the fields and their values, a secret named,
// never shown. Nothing is written. The status words are one table, the same in the table, the
// piped lines and --json (docs/json.md).
import { isApiError } from '../api/errors';
import { idText, isSecretField, type RecordId, type ResourceDef, type ResourceName, type WriteValues } from '../domain';
import type { ResourceClient } from '../api/types';
import type { Pacer } from '../api/pace';
import { sanitize } from '../text/sanitize';
import { EXIT } from './exitCodes';
import { asRow } from './format/cells';
import { toJsonLine } from './format/json';
import type { Io } from './io';

export type Change = 'create' | 'update' | 'delete' | 'rerun';

/** A dry run's status of each record: what would be done to it, or that it is not there. */
export const DRY_RUN_STATUS = {
  create: 'would-create',
  update: 'would-update',
  delete: 'would-delete',
  rerun: 'would-rerun',
  missing: 'not-found',
  /** `sitedeck api … --dry-run`: the request it would send. */
  request: 'would-send',
} as const satisfies Record<Change | 'missing' | 'request', string>;

const INFINITIVE: Record<Change, string> = { create: 'create', update: 'update', delete: 'delete', rerun: 're-run' };

/** One record a dry run names: its id (none for a create), its name when known, and whether it was read already (a selection). */
interface DryTarget {
  readonly id?: RecordId;
  readonly name?: string;
  readonly known?: boolean;
}

export interface DryRun {
  readonly def: ResourceDef;
  readonly change: Change;
  readonly targets: readonly DryTarget[];
  /** What update, rerun and create would send. */
  readonly values?: WriteValues;
  readonly json: boolean;
  readonly io: Io;
  readonly signal: AbortSignal;
}

/** What would be sent, as the body holds it: every field but a secret's value, and the secrets by name. */
function sentFields(def: ResourceDef, values: WriteValues = {}): { shown: Record<string, unknown>; secrets: string[] } {
  const shown: Record<string, unknown> = {};
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    // A write-only field (exclude_params) is shown: the user typed it and nothing of it is secret; a secret is named.
    const secret = isSecretField(def, name) && def.fields.find((f) => f.name === name)?.kind === 'secret';
    if (secret) secrets.push(name);
    else shown[name] = value;
  }
  return { shown, secrets };
}

/** `privacy=2 email=1 password=(given, not shown)`: what the line says would be sent. */
function sentText(def: ResourceDef, values: WriteValues | undefined): string {
  const { shown, secrets } = sentFields(def, values);
  const word = (v: unknown) => {
    const text = sanitize(Array.isArray(v) ? v.join(',') : String(v)).replace(/\s+/g, ' ');
    return /^[\w.,:/@+-]*$/.test(text) && text !== '' ? text : JSON.stringify(text);
  };
  return [...Object.entries(shown).map(([k, v]) => `${k}=${word(v)}`), ...secrets.map((k) => `${k}=(given, not shown)`)].join(' ');
}

/** Reads each target that is not known yet (a GET an id, paced), prints its line, and says the counts on stderr. */
export async function runDryRun(run: DryRun, client: ResourceClient<ResourceName>, pacer: Pacer): Promise<number> {
  const { def, change, io } = run;
  const missing: RecordId[] = [];
  let found = 0;
  pacer.ahead(run.targets.filter((t) => t.id !== undefined && !t.known).length);
  try {
    for (const t of run.targets) {
      if (run.signal.aborted) break;
      const seen = t.id === undefined || t.known ? t : await lookUp(def, client, t.id, run.signal);
      if (seen === undefined) {
        missing.push(t.id!);
        line(run, t, DRY_RUN_STATUS.missing);
      } else {
        found++;
        line(run, seen, DRY_RUN_STATUS[change]);
      }
    }
  } finally {
    pacer.ahead(0);
  }
  const noun = (n: number) => (n === 1 ? def.singular : def.title.toLowerCase());
  const said = [`Would ${INFINITIVE[change]} ${found} ${noun(found)} (--dry-run: nothing was sent)`];
  if (missing.length) said.push(`  not found on the host: ${missing.map(idText).join(' ')} (no ${def.singular} has that id)`);
  io.stderr.write(said.join('\n') + '\n');
  return missing.length ? EXIT.notFound : EXIT.ok;
}

/** The record as the host has it now, or undefined when the host has no record of that id. */
async function lookUp(def: ResourceDef, client: ResourceClient<ResourceName>, id: RecordId, signal: AbortSignal): Promise<DryTarget | undefined> {
  try {
    const record = asRow(await client.get(id, { signal }));
    return { id, name: sanitize(record[def.nameField] ?? ''), known: true };
  } catch (e) {
    if (isApiError(e) && e.kind === 'notFound') return undefined;
    throw e;
  }
}

function line(run: DryRun, t: DryTarget, status: string): void {
  const { io, def } = run;
  const sends = status !== DRY_RUN_STATUS.missing && run.change !== 'delete';
  if (run.json) {
    const { shown, secrets } = sentFields(def, run.values);
    io.stdout.write(
      toJsonLine({
        id: t.id ?? null,
        status,
        ...(t.name ? { name: t.name } : {}),
        ...(sends ? { send: shown, ...(secrets.length ? { secret_fields: secrets } : {}) } : {}),
      }),
    );
    return;
  }
  const id = t.id === undefined ? 'new' : idText(t.id);
  const detail = sends ? sentText(def, run.values) : '';
  if (!io.isTTY.stdout) {
    io.stdout.write([id, status, t.name ?? '', detail].join('\t') + '\n');
    return;
  }
  io.stdout.write(
    `${status === DRY_RUN_STATUS.missing ? '✗' : '·'} ${id.padStart(6)}  ${status}${t.name ? `  ${t.name}` : ''}${detail ? `  ${detail}` : ''}\n`,
  );
}
