// What `reports audit` takes, in one place for its definition (program.ts, loaded with every
// command) and its implementation (../audit.ts, loaded on demand): keep this file light.

/**
 * Each format `reports audit --format` takes, one row each: what it is for (its words in --help)
 * and the --output extensions that choose it. Its writer is its entry in RENDERERS (../audit.ts,
 * loaded on demand; a format without one is a type error).
 */
const FORMAT_ROWS = {
  table: { help: undefined, extensions: [] },
  md: { help: 'for a ticket', extensions: ['.md', '.markdown'] },
  html: { help: 'one self-contained page to hand over or print', extensions: ['.html', '.htm'] },
  json: { help: 'documented for scripts', extensions: ['.json'] },
  csv: { help: 'one row per check and page', extensions: ['.csv'] },
  junit: { help: 'one test case per check for CI', extensions: ['.xml', '.junit'] },
} as const satisfies Record<string, { help: string | undefined; extensions: readonly string[] }>;

export type AuditFormat = keyof typeof FORMAT_ROWS;
export const AUDIT_FORMATS: readonly AuditFormat[] = Object.keys(FORMAT_ROWS) as AuditFormat[];

/** `md for a ticket, html one self-contained page…`: the formats' words, for --help. */
export const formatsText = (): string => AUDIT_FORMATS.flatMap((f) => (FORMAT_ROWS[f].help ? [`${f} ${FORMAT_ROWS[f].help}`] : [])).join(', ');

/** The list filters the audit reads with (the reports list's own flags); the rest make no sense here. */
export const AUDIT_FILTERS = ['project', 'result', 'search'] as const;

/**
 * The format each --output extension means (the rows' `extensions`): chosen by it without
 * --format, and a --format that says otherwise is refused. Any other extension (or none) is the
 * table unless --format says.
 */
export const AUDIT_EXTENSIONS: Readonly<Record<string, AuditFormat>> = Object.fromEntries(
  AUDIT_FORMATS.flatMap((f) => FORMAT_ROWS[f].extensions.map((ext) => [ext, f] as const)),
);

/** `.md md, .markdown md, …, .junit junit`: the table in words, for help and errors. */
export const extensionsText = (): string =>
  Object.entries(AUDIT_EXTENSIONS)
    .map(([ext, f]) => `${ext} ${f}`)
    .join(', ');

/**
 * Each value `--fail-on` takes, one row each: the importance it fails on (that one or above), or
 * none, and what it must have read to judge anything: check verdicts on the pages, or an earlier
 * analysis of them (the score history, an older report). A gate that read nothing it needs fails.
 */
export const FAIL_ON_ROWS = {
  high: { importance: 'high', reads: 'verdicts' },
  medium: { importance: 'medium', reads: 'verdicts' },
  low: { importance: 'low', reads: 'verdicts' },
  new: { importance: null, reads: 'history' },
} as const satisfies Record<string, { importance: 'high' | 'medium' | 'low' | null; reads: 'verdicts' | 'history' }>;

export type FailOn = keyof typeof FAIL_ON_ROWS;
/** What --fail-on takes, in the table's order. */
export const FAIL_ON: readonly FailOn[] = Object.keys(FAIL_ON_ROWS) as FailOn[];
