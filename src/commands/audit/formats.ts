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

/** What --fail-on takes: an importance (that one or above fails the gate), or `new`. */
export const FAIL_ON = ['high', 'medium', 'low', 'new'] as const;
export type FailOn = (typeof FAIL_ON)[number];
