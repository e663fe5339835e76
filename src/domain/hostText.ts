// What the host sent for a field the normaliser rewrote (a timestamp in one ISO form, so the deck
// sorts, compares and shows one kind): kept beside the record under a symbol, so JSON output passes
// the host's own text (docs/json.md) while nothing else sees it. A symbol key rides along when a
// record is spread and never becomes a field, a column or a JSON key.
export const HOST_TEXT: unique symbol = Symbol('sitedeck.hostText');

type HostText = Readonly<Record<string, string>>;

/** The host's text of each rewritten field of `record`, when it has any. */
export function hostTextOf(record: object): HostText | undefined {
  return (record as { [HOST_TEXT]?: HostText })[HOST_TEXT];
}
