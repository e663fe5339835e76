// Reads a raw server record field by field; whatever is not read, or was read but could not be
// used, ends up in `extra`, so nothing the server sent is lost.

export interface FieldReader {
  /** Reads `key` through `convert`; an unusable present value is kept in `extra` under its key. */
  read<T>(key: string, convert: (v: unknown) => T | null): T | null;
  /** Marks `key` as consumed without converting it (for fields with their own handling). */
  raw(key: string): unknown;
  /** Keeps a consumed value in `extra` anyway. */
  keep(key: string, value: unknown): void;
  extra(): Record<string, unknown>;
}

export function fieldReader(source: Record<string, unknown>): FieldReader {
  const used = new Set<string>();
  const kept: Record<string, unknown> = {};
  return {
    read(key, convert) {
      used.add(key);
      const v = source[key];
      if (v === undefined || v === null) return null;
      const out = convert(v);
      if (out === null) kept[key] = v;
      return out;
    },
    raw(key) {
      used.add(key);
      return source[key];
    },
    keep(key, value) {
      kept[key] = value;
    },
    extra() {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(source)) if (!used.has(k)) out[k] = v;
      return { ...out, ...kept };
    },
  };
}
