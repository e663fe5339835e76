// `list --all --json` written as it is read: `{"data": [...], "meta": {...}}` a page at a time, the
// text toJson gives for the whole object, byte for byte (docs/json.md): `meta` comes last, so
// nothing written first depends on the end of the read, and no record is held past its page.
import type { AnyRecord } from './cells';
import { toJson } from './json';

interface WholeJsonWriter {
  start(): string;
  record(r: AnyRecord): string;
  /** The end of `data`, then `meta` (the whole read's, known only now). */
  end(meta: unknown): string;
}

export function wholeJsonWriter(): WholeJsonWriter {
  let first = true;
  return {
    start: () => '{\n  "data": [',
    record: (r) => {
      const sep = first ? '\n' : ',\n';
      first = false;
      // A record in `data` sits two levels deep: toJson's own text of it, indented so.
      return sep + toJson(r).trimEnd().replace(/^/gm, '    ');
    },
    // toJson({meta}) is `{\n  "meta": …\n}\n`: all of it after its brace.
    end: (meta) => `${first ? ']' : '\n  ]'},${toJson({ meta }).slice(1)}`,
  };
}
