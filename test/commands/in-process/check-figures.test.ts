// The host's figure with its unit in every reason that has one, on the commands: `reports get` and
// `reports audit` (a page's reason and the check's summary, in json and in words), over every row
// of the checks' table that names a figure (test/helpers/checkFigures.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { faultWords, FIGURE_SAMPLES, figureChecks, figureReport, labelOf } from '../../helpers/checkFigures';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
let id: number;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 0 });
  id = fx.emulator.insertRaw('reports', figureReport());
});
afterAll(() => fx.cleanup());

const oneLine = (s: string) => s.replace(/[ \t]+/g, ' ');

it('every check whose row names a figure has a sample here', () => {
  expect(figureChecks().sort()).toEqual(Object.keys(FIGURE_SAMPLES).sort());
});

describe.each(figureChecks())('%s', (name) => {
  it('reports get says its figure beside its fault', async () => {
    const r = await runCommand(['reports', 'get', String(id)], { env: fx.env });
    expect(r.code, r.stderr).toBe(EXIT.ok);
    const lines = oneLine(r.stdout).split('\n');
    const at = lines.findIndex((l) => l.includes(`✗ ${labelOf(name)}`));
    expect(at, r.stdout).toBeGreaterThanOrEqual(0);
    expect(lines.slice(at, at + 2).join(' ')).toContain(`failed (medium): ${faultWords(name)}`);
  });

  it("the audit says it in the page's reason and the check's summary", async () => {
    const json = await runCommand(['reports', 'audit', '--format', 'json'], { env: fx.env });
    expect(json.code, json.stderr).toBe(EXIT.ok);
    const body = JSON.parse(json.stdout) as { data: { checks: { name: string; summary: string; pages: { id: number | string; reason: string }[] }[] } };
    const check = body.data.checks.find((c) => c.name === name)!;
    expect(check.summary).toBe(faultWords(name));
    expect(check.pages.map((p) => [Number(p.id), p.reason])).toEqual([[id, faultWords(name)]]);
    const words = await runCommand(['reports', 'audit'], { env: fx.env });
    expect(words.code, words.stderr).toBe(EXIT.ok);
    expect(oneLine(words.stdout)).toContain(faultWords(name));
  });
});
