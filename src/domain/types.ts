// Shapes of the domain tables. The tables themselves (websites.ts, reports.ts) are the one source
// of truth for forms, the detail pane, CLI flags, client-side validation and the emulator.
import type { LineRule } from './lineRules';

export type ResourceName = 'websites' | 'reports';

/** One allowed value of a field or list parameter, with the label people see. */
export interface Choice<V extends string | number = string | number> {
  readonly value: V;
  readonly label: string;
}

/**
 * How a field is edited and shown.
 * - text: one line; lines: several values, one per line (exclude_params, exclude_ips)
 * - secret: typed masked, read back only as a "set / not set" boolean
 * - choice: one of `choices`
 * - score: 0–100 with a result class; date: ISO timestamp; checks: the report's check breakdown
 */
export type FieldKind = 'id' | 'text' | 'lines' | 'secret' | 'choice' | 'score' | 'date' | 'checks';

export type WriteOp = 'create' | 'update';

export interface FieldDef {
  readonly name: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly choices?: readonly Choice<number>[];
  /** Value sent on create when the user leaves it alone. */
  readonly createDefault?: number | string;
  /** Write operations that accept this field. Empty: read-only. */
  readonly ops: readonly WriteOp[];
  readonly requiredOn?: readonly WriteOp[];
  /** Accepted on writes but never returned by the server (exclude_params). */
  readonly writeOnly?: boolean;
  /** Only meaningful while another field has a value (password needs privacy = Password). */
  readonly onlyWhen?: { readonly field: string; readonly equals: number };
  /** Shown in the list as a column. */
  readonly column?: { readonly header: string; readonly width: number };
  /** One-line help in forms and `--help`. */
  readonly help: string;
  /** Longest value accepted before sending (client-side validation). */
  readonly maxLength?: number;
  /** sitedeck's own check of a typed value beyond its kind and length (a domain name, a page's address). */
  readonly check?: TextCheck;
  /** Names the host may send it under, first found wins (default: its name): a score as `result` or `score`. */
  readonly hostNames?: readonly string[];
  /** The hosts' validation of it, as their form requests write it (the emulator plays them; default: from its kind). */
  readonly host?: HostRules;
  /** How the emulator makes up a value for demo data (default: none, null). */
  readonly seed?: SeedRule;
  /** A `:` command of its own sets it on the marked rows (its help is said from its label). */
  readonly onMarked?: boolean;
}

/**
 * A check of a typed value the form, the flags and a bulk run apply (`src/domain/validate.ts`); on a
 * `lines` field, the host's rule for each line (`src/domain/lineRules.ts`).
 */
export type TextCheck = 'domainName' | 'webUrl' | LineRule;

/**
 * One rule of a host's form request, as Laravel names it; the emulator reads the row for the
 * rest (`between`: the choices' range, `max`: maxLength, `requiredWhen` / `nullableOtherwise`: onlyWhen).
 * - requiredWhen: required while onlyWhen holds (`required_if:privacy,2`)
 * - nullableOtherwise: null allowed while the onlyWhen field holds another of its choices
 * - domain, unique: a domain name, not taken yet; page: the address's page answers (fetched)
 * - rerun: a truthy value fetches the stored record's page again
 */
export type HostRule =
  | 'bail'
  | 'sometimes'
  | 'required'
  | 'nullable'
  | 'integer'
  | 'string'
  | 'between'
  | 'max'
  | 'url'
  | 'domain'
  | 'unique'
  | 'page'
  | 'rerun'
  | 'requiredWhen'
  | 'nullableOtherwise';

interface HostRules {
  readonly create?: readonly HostRule[];
  readonly update?: readonly HostRule[];
  /** What the host stores when a create does not send it (default null). */
  readonly unsent?: number | string;
}

/** A value the seeding writes as it is. */
type SeedValue = string | number | boolean | null;

/**
 * What the emulator's demo data holds for a field, drawn from its seeded generator:
 * - pick: one of its choices (`keepDefault`: its create default with that chance first)
 * - chance: `value` with that chance, else `otherwise`
 * - make: one of the emulator's makers (a domain name, IP lines, a password, a point on the
 *   timeline, a report's page with its project and score), with `chance` (else null)
 * - same: the value another field got; after: a date some seconds after another's
 * - by: set by another field's maker (a report's project and score come with its page)
 * `draw`: the place of its draws in a record (lower first; the rest follow in the table's order),
 * kept so a seed gives the demo data it always gave.
 */
export type SeedRule = (
  | { readonly pick: 'choice'; readonly keepDefault?: number }
  | { readonly chance: number; readonly value: SeedValue; readonly otherwise: SeedValue }
  | { readonly make: SeedMaker; readonly chance?: number }
  | { readonly same: string }
  | { readonly after: string; readonly seconds: readonly [number, number] }
  | { readonly by: string }
) & { readonly draw?: number };

export type SeedMaker = 'domain' | 'ipLines' | 'password' | 'timeline' | 'reportPage';

/**
 * A field some versions of the host send that sitedeck neither edits nor lists, but knows: shown
 * labelled in the detail, while fields nobody described stay below them, under their own names.
 */
export interface ShownFieldDef {
  readonly name: string;
  readonly label: string;
  readonly kind: 'flag' | 'date';
  readonly help: string;
}

export interface ListParamDef {
  readonly name: string;
  readonly label: string;
  readonly choices?: readonly Choice<string | number>[];
  readonly default?: string | number;
  readonly help: string;
}

export interface ResourceDef {
  readonly name: ResourceName;
  /** Singular noun, as in the delete body's `object`. */
  readonly singular: 'website' | 'report';
  readonly title: string;
  /** Which host serves it and under which path. */
  readonly host: 'analytics' | 'seo';
  readonly apiPath: string;
  /** The field that names a record to people (domain, url). */
  readonly nameField: string;
  readonly fields: readonly FieldDef[];
  /** Fields known but neither edited nor listed (the normaliser keeps them with the unknown extras). */
  readonly shownFields?: readonly ShownFieldDef[];
  readonly listParams: readonly ListParamDef[];
  /** Method used for updates. */
  readonly updateMethod: 'PUT' | 'PATCH';
  /** The host answers an update of an unknown id with a 500, not a 404 (the analytics host's controller). */
  readonly updateOfUnknownIs500?: boolean;
}
