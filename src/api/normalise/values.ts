// Tolerant readers for single values as the different server versions send them. Each returns
// null when the value is absent or unusable; the record readers keep unusable raw values in `extra`.

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A finite number from a number or a numeric string ("87", " 61.5 "). */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

/** A choice value (privacy, email, …): numbers, numeric strings, and booleans as 1/0. */
export function toChoice(v: unknown): number | null {
  if (typeof v === 'boolean') return v ? 1 : 0;
  const n = toNumber(v);
  return n !== null && Number.isInteger(n) ? n : null;
}

export function toText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/**
 * Whether a password is set. Servers send a boolean, 0/1, or (some old versions) the stored value
 * itself: any non-empty string then means "set" and the string is never kept.
 */
export function toPasswordSet(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (t === '' || t === '0' || t === 'false') return false;
    return true;
  }
  return null;
}

export function toBoolean(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === '1' || v === 'true') return true;
  if (v === 0 || v === '0' || v === 'false') return false;
  return null;
}

const LARAVEL_ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Dates as both products send them → ISO 8601 UTC without needless fractions:
 * `2024-10-13T13:09:15.000000Z` and `2022-01-14 18:09:25` (server time, UTC on Laravel's default)
 * both become `…T…Z`. Offsets are converted to UTC; epoch seconds are accepted too.
 */
export function toIsoDate(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return isoOf(new Date(v * 1000));
  if (typeof v !== 'string') return null;
  const m = LARAVEL_ISO.exec(v.trim());
  if (!m) return null;
  const [, day, time, frac = '', zone = 'Z'] = m;
  const ms = (frac + '000').slice(0, 3);
  const offset = zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const d = new Date(`${day}T${time}.${ms}${offset}`);
  return Number.isNaN(d.getTime()) ? null : isoOf(d);
}

function isoOf(d: Date): string | null {
  if (Number.isNaN(d.getTime())) return null;
  return d.toISOString().replace('.000Z', 'Z');
}
