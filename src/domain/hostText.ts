// What the host sent for a field the normaliser rewrote (a timestamp in one ISO form, so the deck
// sorts, compares and shows one kind): kept on the record under a symbol that is not enumerable, so
// JSON output passes the host's own text (docs/json.md) while nothing else sees it: it is no field,
// column or JSON key, and a record compared or copied field by field is the same record.
const HOST_TEXT: unique symbol = Symbol('sitedeck.hostText');

type HostText = Readonly<Record<string, string>>;

/** `record` with the host's text of its rewritten fields kept beside it (the same object). */
export function withHostText<T extends object>(record: T, sent: HostText): T {
  if (Object.keys(sent).length) Object.defineProperty(record, HOST_TEXT, { value: sent, enumerable: false });
  return record;
}

/** The host's text of each rewritten field of `record`, when it has any. */
export function hostTextOf(record: object): HostText | undefined {
  return (record as { [HOST_TEXT]?: HostText })[HOST_TEXT];
}
