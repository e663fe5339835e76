// What `reports audit` takes, in one place for its definition (program.ts, loaded with every
// command) and its implementation (../audit.ts, loaded on demand): keep this file light.

export const AUDIT_FORMATS = ['table', 'md', 'html', 'json', 'csv', 'junit'] as const;
export type AuditFormat = (typeof AUDIT_FORMATS)[number];

/** The list filters the audit reads with (the reports list's own flags); the rest make no sense here. */
export const AUDIT_FILTERS = ['project', 'result', 'search'] as const;

/** What --output's extension says when --format is not given. */
export const AUDIT_EXTENSIONS: Readonly<Record<string, AuditFormat>> = { '.md': 'md', '.markdown': 'md', '.html': 'html', '.htm': 'html', '.json': 'json', '.csv': 'csv', '.xml': 'junit' };

/** What --fail-on takes: an importance (that one or above fails the gate), or `new`. */
export const FAIL_ON = ['high', 'medium', 'low', 'new'] as const;
export type FailOn = (typeof FAIL_ON)[number];
