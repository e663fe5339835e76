// The analytics host's line rules on every command that writes a website: `websites create`,
// `websites update ID` and a bulk `websites update --ids`, each over the one table of lines the host
// would match nothing against (test/helpers/excludeLines.ts): refused before any request, exit 2,
// in words naming the flag and the line; what the host can match is sent one value a line.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { BAD_LINES, GOOD_LINES, oneLine } from '../../helpers/excludeLines';
import { emulatorFixture, writes, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 5 });
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.emulator.clearHits());

const flag = (field: string) => `--${field.replace(/_/g, '-')}`;
const ids = () => fx.emulator.websites().map((w) => String(w.id));
let created = 0;

/** Every command that writes a website's fields, with the flag and value given. */
const SITES: readonly { name: string; args: (flagName: string, value: string) => string[] }[] = [
  { name: 'websites create', args: (f, v) => ['websites', 'create', `lines-${++created}.example.com`, f, v] },
  { name: 'websites update ID', args: (f, v) => ['websites', 'update', ids()[1], f, v] },
  { name: 'websites update --ids (bulk)', args: (f, v) => ['websites', 'update', '--ids', ids().slice(0, 3).join(','), f, v] },
];

describe.each(SITES)('$name', (site) => {
  it.each(BAD_LINES)('refuses $field "$typed" by its line, sending nothing', async ({ field, typed, words }) => {
    const r = await runCommand(site.args(flag(field), typed), { env: fx.env });
    expect(r.code, r.stderr).toBe(EXIT.usage);
    expect(oneLine(r.stderr)).toContain(`${flag(field)}: ${words}`);
    expect(r.stderr).toContain('nothing was sent');
    expect(writes(fx.emulator)).toEqual([]);
  });

  it.each(GOOD_LINES)('sends $field "$typed" one value a line', async ({ field, typed, stored }) => {
    const r = await runCommand(site.args(flag(field), typed), { env: fx.env });
    expect(r.code, r.stderr).toBe(EXIT.ok);
    const sent = writes(fx.emulator);
    expect(sent.length).toBeGreaterThan(0);
    for (const w of sent) expect(w.body[field]).toBe(stored);
  });
});

it("--help says how several values are given and each field's rule", async () => {
  const r = await runCommand(['websites', 'update', '--help'], { env: fx.env });
  const help = oneLine(r.stdout);
  expect(help).toContain('IPv4 or IPv6 address or a CIDR range (10.0.0.0/8, 2001:db8::/32)');
  expect(help).toContain('& alone excludes every parameter');
  expect(help).toContain('several separated by commas, spaces or newlines (sent one per line)');
});
