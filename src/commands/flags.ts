// Command-line flags generated from the domain tables: one flag per list parameter and per
// writable field, named after it (`per_page` → `--per-page`). Nothing here lists values by hand.
import { choiceWords, describeChoices, writableFields, type FieldDef, type ListParamDef, type ResourceDef, type WriteOp } from '../domain';

export interface FlagSpec {
  /** Commander flag text, e.g. `--per-page <value>`. */
  readonly flags: string;
  /** Commander's attribute name for it (`perPage`). */
  readonly attr: string;
  /** The domain name it sets (`per_page`). */
  readonly name: string;
  readonly description: string;
  /** The words a shell completes for its value (from the choices), when it has a fixed set. */
  readonly values?: readonly string[];
}

export const kebab = (name: string): string => name.replace(/_/g, '-');
/** A domain name's flag as typed (`per_page` → `--per-page`). */
export const flagOf = (name: string): string => `--${kebab(name)}`;
export const camel = (name: string): string => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function listDescription(p: ListParamDef): string {
  const parts = [p.help];
  if (p.choices) parts.push(`one of: ${describeChoices(p.choices)}`);
  if (p.default !== undefined) parts.push(`default ${p.default}`);
  return parts.join('; ');
}

/** `--search --search-by --sort-by --sort --per-page --page` (+ `--project --result` for reports). */
export function listFlags(def: ResourceDef): FlagSpec[] {
  return def.listParams.map((p) => ({
    flags: `${flagOf(p.name)} <value>`,
    attr: camel(p.name),
    name: p.name,
    description: listDescription(p),
    values: p.choices && choiceWords(p.choices),
  }));
}

function writeDescription(f: FieldDef, op: WriteOp): string {
  const parts = [f.help];
  if (f.choices) parts.push(`one of: ${describeChoices(f.choices)}`);
  if (op === 'create' && f.createDefault !== undefined) {
    const c = f.choices?.find((x) => x.value === f.createDefault);
    parts.push(`default ${c ? c.label.toLowerCase() : f.createDefault}`);
  }
  // The host keeps one per line: a comma or a space typed here separates values, so none reaches it.
  if (f.kind === 'lines') parts.push('several separated by commas, spaces or newlines (sent one per line); "" clears');
  if (f.kind === 'secret') parts.push(`shows in the process list: prefer ${flagOf(f.name)}-stdin`);
  return parts.join('; ');
}

/** Fields a write takes as flags; the name field (domain, url) is the positional argument instead. */
export function writeFields(def: ResourceDef, op: WriteOp): readonly FieldDef[] {
  return writableFields(def, op).filter((f) => f.name !== def.nameField);
}

/** `--privacy --password --email --exclude-bots --exclude-params --exclude-ips` (from the table). */
export function writeFlags(def: ResourceDef, op: WriteOp): FlagSpec[] {
  const out: FlagSpec[] = [];
  for (const f of writeFields(def, op)) {
    const placeholder = f.kind === 'choice' ? 'value' : f.kind === 'secret' ? 'secret' : f.kind === 'lines' ? 'list' : 'text';
    out.push({
      flags: `${flagOf(f.name)} <${placeholder}>`,
      attr: camel(f.name),
      name: f.name,
      description: writeDescription(f, op),
      values: f.choices && choiceWords(f.choices),
    });
    if (f.kind === 'secret') {
      out.push({
        flags: `${flagOf(f.name)}-stdin`,
        attr: `${camel(f.name)}Stdin`,
        name: f.name,
        description: `read the ${f.label.toLowerCase()} from stdin (typed masked on a terminal), so it never shows in the process list`,
      });
    }
  }
  return out;
}

/** The list filters a bulk re-run selects by (`reports rerun --project HOST --result bad`). */
export const BULK_SELECTORS: readonly string[] = ['search', 'project', 'result'];
