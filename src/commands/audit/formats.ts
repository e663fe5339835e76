// What `reports audit` takes, in one place for its definition (program.ts, loaded with every
// command) and its implementation (../audit.ts, loaded on demand): keep this file light.

export const AUDIT_FORMATS = ['table', 'md', 'html', 'json', 'csv', 'junit'] as const;
export type AuditFormat = (typeof AUDIT_FORMATS)[number];

/** The list filters the audit reads with (the reports list's own flags); the rest make no sense here. */
export const AUDIT_FILTERS = ['project', 'result', 'search'] as const;

/**
 * The format each --output extension means: chosen by it without --format, and a --format that
 * says otherwise is refused. Any other extension (or none) is the table unless --format says.
 */
export const AUDIT_EXTENSIONS: Readonly<Record<string, AuditFormat>> = {
  '.md': 'md',
  '.markdown': 'md',
  '.html': 'html',
  '.htm': 'html',
  '.json': 'json',
  '.csv': 'csv',
  '.xml': 'junit',
  '.junit': 'junit',
};

/** `.md md, .markdown md, …, .junit junit`: the table in words, for help and errors. */
export const extensionsText = (): string => Object.entries(AUDIT_EXTENSIONS).map(([ext, f]) => `${ext} ${f}`).join(', ');

/** What --fail-on takes: an importance (that one or above fails the gate), or `new`. */
export const FAIL_ON = ['high', 'medium', 'low', 'new'] as const;
export type FailOn = (typeof FAIL_ON)[number];
