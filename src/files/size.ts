// A size in words ("32 MB", "512 KB"), for the limits sitedeck says: an answer's body, a state file,
// standard input. Here, at the bottom of the layers, so each of them can say it the same way.

/** Bytes in a megabyte, as every `_mb` setting counts them. */
export const MEGABYTE = 1024 * 1024;

export function megabytes(bytes: number): string {
  const mb = bytes / MEGABYTE;
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}
