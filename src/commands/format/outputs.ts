// Which commands print data, one row each: every one takes --json (docs/json.md documents what it
// prints), and one with more than one format takes --format with its formats' table. program.ts
// declares the options from here, and test/commands/in-process/json-contract.test.ts runs every row
// (a row without a run there is a type error). Light: loaded with every command's definition.

const OUTPUT_ROWS = {
  'websites list': { formats: 'records' },
  'websites get': { formats: null },
  'websites create': { formats: null },
  'websites update': { formats: null },
  'websites delete': { formats: null },
  'reports list': { formats: 'records' },
  'reports get': { formats: null },
  'reports create': { formats: null },
  'reports update': { formats: null },
  'reports delete': { formats: null },
  'reports rerun': { formats: null },
  'reports projects': { formats: null },
  'reports audit': { formats: 'audit' },
  'reports cover': { formats: null },
  'config show': { formats: null },
  'config profiles': { formats: null },
  'config keys': { formats: null },
  doctor: { formats: null },
  api: { formats: null },
} as const satisfies Record<string, { formats: 'records' | 'audit' | null }>;

/** A command that prints data, by its words (`reports audit`). */
export type OutputCommand = keyof typeof OUTPUT_ROWS;
export const OUTPUT_COMMANDS: readonly OutputCommand[] = Object.keys(OUTPUT_ROWS) as OutputCommand[];

/** The table of formats `--format` takes on `command` (list: exportFormats.ts, audit: audit/formats.ts), or null: --json alone. */
export const formatsOf = (command: OutputCommand): 'records' | 'audit' | null => OUTPUT_ROWS[command].formats;
