// One table of what the analytics host would match nothing against in its one-per-line fields, with
// the words sitedeck refuses each in: every place a website is written (the deck's forms, the
// commands' flags, a bulk run) is run over the same rows (test/ui/exclude-lines.test.tsx,
// test/commands/in-process/exclude-lines.test.ts), so a new place is covered by reading it.

export interface BadLines {
  field: 'exclude_ips' | 'exclude_params';
  /** As typed: on one line with commas, as the deck's form and a flag take it. */
  typed: string;
  /** The refusal, whole, as the form and the flag's error say it after the field's name. */
  words: string;
}

const notAnAddress = (n: number, v: string) => `line ${n}: ${v} is not an IPv4 or IPv6 address or CIDR range`;

export const BAD_LINES: readonly BadLines[] = [
  { field: 'exclude_ips', typed: '1.2.3.4, 999.1.1.1', words: `Exclude IPs, ${notAnAddress(2, '999.1.1.1')}.` },
  { field: 'exclude_ips', typed: 'not-an-ip, 1.2.3', words: `Exclude IPs, ${notAnAddress(1, 'not-an-ip')}; ${notAnAddress(2, '1.2.3')}.` },
  { field: 'exclude_ips', typed: '10.0.0.0/33', words: 'Exclude IPs, line 1: 10.0.0.0/33 is not a CIDR range: an IPv4 range ends in /0 to /32.' },
  { field: 'exclude_ips', typed: '::1, 2001:db8::/129', words: 'Exclude IPs, line 2: 2001:db8::/129 is not a CIDR range: an IPv6 range ends in /0 to /128.' },
  {
    field: 'exclude_params',
    typed: 'utm_source=google',
    words: "Exclude params, line 1: utm_source=google is not a parameter's name: write utm_source alone.",
  },
  {
    field: 'exclude_params',
    typed: 'fbclid, utm_source&gclid',
    words: 'Exclude params, line 2: "utm_source&gclid" holds &: one parameter per line (a line & alone excludes every parameter).',
  },
];

/** What each field takes, as typed, and what the host then stores: one value a line. */
export const GOOD_LINES = [
  { field: 'exclude_ips', typed: '1.2.3.4, 10.0.0.0/8 2001:db8::/32', stored: '1.2.3.4\n10.0.0.0/8\n2001:db8::/32' },
  { field: 'exclude_params', typed: 'utm_source, &', stored: 'utm_source\n&' },
] as const;

/** Whitespace as the frame or a wrapped line lays it out, made one space. */
export const oneLine = (s: string) => s.replace(/\s+/g, ' ');
