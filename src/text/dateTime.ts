// A moment as sitedeck says it when a person must act on it later ("try again after …"): the full
// date and the time in UTC, since a wait may end tomorrow and the reader may be anywhere.

/** `2026-11-26 03:59:59 UTC` */
export function dateTimeUtc(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return 'an unknown time';
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 19)} UTC`;
}
