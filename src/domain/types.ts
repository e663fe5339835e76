// Shapes of the domain tables. The tables themselves (websites.ts, reports.ts) are the one source
// of truth for forms, the detail pane, CLI flags, client-side validation and the emulator.

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
}

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
