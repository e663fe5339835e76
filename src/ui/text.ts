import { fit } from '../text/width';

export { fit };

/** Exactly `width` columns showing the end of the text (what is being typed), … at the start when cut. */
export function fitEnd(text: string, width: number): string {
  return fit(text, width, 'left', 'start');
}

/** 2024-10-13T13:09:15.000000Z and 2022-01-14 18:09:25 both read 2024-10-13 13:09. */
export function shortDate(value: unknown): string {
  if (typeof value !== 'string' || !value) return '—';
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value);
  return m ? `${m[1]} ${m[2]}` : value;
}

/** A value for a line that the terminal truncates anyway: bounded, so a huge field costs what a line does. */
export function bounded(text: string, max = 1000): string {
  return text.length > max ? text.slice(0, max).replace(/[\ud800-\udbff]$/, '') + '…' : text;
}
