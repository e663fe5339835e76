// Where a JSON string that opens at a quote ends, for the one-pass scans that skip strings (an
// answer's depth and long numbers, config.json's depth) without parsing.

/** The index of the quote that closes the string opened at `open` (the next one not escaped by an odd number of backslashes); -1 when none does. */
export function stringEnd(text: string, open: number): number {
  let end = text.indexOf('"', open + 1);
  while (end !== -1) {
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}
