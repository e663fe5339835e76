// What `list --format` takes, one row each: its words in --help. Light, for the command's
// definition (program.ts, loaded with every command); each format's writer is its entry of
// WRITERS (export.ts, loaded on demand; a format without one is a type error).

const FORMAT_ROWS = {
  csv: { help: 'a header row; labels, the failed checks by name, cells safe for spreadsheets' },
  tsv: { help: 'the same, tab-separated' },
  json: { help: 'an array' },
  ndjson: { help: 'one record a line, as --json' },
} as const satisfies Record<string, { help: string }>;

export type ExportFormat = keyof typeof FORMAT_ROWS;
export const EXPORT_FORMATS: readonly ExportFormat[] = Object.keys(FORMAT_ROWS) as ExportFormat[];

/** `csv (a header row; …), tsv (…), json (an array), ndjson (…)`: the formats in words, for --help. */
export const exportFormatsText = (): string => EXPORT_FORMATS.map((f) => `${f} (${FORMAT_ROWS[f].help})`).join(', ');
