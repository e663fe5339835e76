import { fit } from '../../text/width';
import { groupDigits } from '../../text/digits';

export { fit };

/** 2024-10-13T13:09:15.000000Z and 2022-01-14 18:09:25 both read 2024-10-13 13:09. */
export function shortDate(value: unknown): string {
  if (typeof value !== 'string' || !value) return '—';
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value);
  return m ? `${m[1]} ${m[2]}` : value;
}

/**
 * A value capped before layout, so a huge field costs what a few lines do; what was cut is said
 * (`… (298,000 more characters)`), so a record is never shown as shorter than it is.
 */
export function bounded(text: string, max = 1000): string {
  if (text.length <= max) return text;
  const kept = text.slice(0, max).replace(/[\ud800-\udbff]$/, '');
  return `${kept}… (${leftOut(text.length - kept.length)})`;
}

/** "298,000 more characters" */
export function leftOut(n: number): string {
  return `${groupDigits(n)} more character${n === 1 ? '' : 's'}`;
}

/** A name capped before layout keeps its start and its end (a URL's host and last segment). */
export function boundedMiddle(text: string, max = 1000): { text: string; left: number } {
  if (text.length <= max) return { text, left: 0 };
  const half = Math.floor(max / 2);
  const head = text.slice(0, half).replace(/[\ud800-\udbff]$/, '');
  const tail = text.slice(-half).replace(/^[\udc00-\udfff]/, '');
  return { text: `${head}…${tail}`, left: text.length - head.length - tail.length };
}

/** A server date as a UTC instant: `2022-01-14 18:09:25` (older hosts, no zone) is read as UTC. */
function instant(value: string): number {
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? value.replace(' ', 'T') : value;
  return Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) || !iso.includes('T') ? iso : `${iso}Z`);
}

/** How long ago, in at most 4 columns for narrow tables: `now`, `42s`, `5m`, `3h`, `12d`, `11mo`, `2y`. */
export function shortAge(value: unknown, now: number): string {
  if (typeof value !== 'string' || !value) return '—';
  const at = instant(value);
  if (Number.isNaN(at)) return '?';
  const s = Math.floor((now - at) / 1000);
  if (s < 1) return 'now';
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h`;
  const d = Math.floor(h / 24);
  if (d < 60) return `${d}d`;
  const mo = Math.floor(d / 30.44);
  return mo < 24 ? `${mo}mo` : `${Math.floor(d / 365.25)}y`;
}
