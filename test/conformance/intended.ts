// The one list of differences between the emulator and real Laravel (../shared/laravel-ref) that
// are intended, each with its reason. The conformance suite fails on any other difference, and on
// an entry here that no longer shows (so the list stays short and true).

export interface Intended {
  /** Case names it applies to. */
  cases: RegExp;
  /** The difference line, as compare.ts writes it. */
  diff: RegExp;
  reason: string;
}

export const INTENDED: readonly Intended[] = [
  {
    cases: /PATCH|PUT|POST|DELETE/,
    diff: /^message: ref "The \w+ method is not supported for this route\. .*emulator "The \w+ method is not supported for route /,
    reason:
      "A 405's wording follows the Laravel version: the hosts run Laravel 10, which names the route; the reference runs Laravel 8 ('for this route'). " +
      'Clients match on the status, never on the wording.',
  },
];
