// The host's figure with its unit in every reason that has one, in the deck's detail of a report as a
// host sends it (the real App on the emulator), over every row of the checks' table that names a
// figure (test/helpers/checkFigures.ts; `reports get` and the audit: test/commands/in-process/check-figures.test.ts).
import { expect, it } from 'vitest';
import { setUpDeckUi } from '../helpers/deckUi';
import { faultWords, FIGURE_SAMPLES, figureChecks, figureReport, labelOf } from '../helpers/checkFigures';
import { KEYS } from '../helpers/ink';

const deckUi = setUpDeckUi();
const oneLine = (s: string) => s.replace(/\s+/g, ' ');

it("the detail of a report says each check's figure beside its fault", async () => {
  expect(figureChecks().sort()).toEqual(Object.keys(FIGURE_SAMPLES).sort());
  let id = 0;
  const d = await deckUi.start({ beforeStart: (emulator) => (id = emulator.insertRaw('reports', figureReport())) });
  const ui = deckUi.render(d, { columns: 90, rows: 50 });
  await ui.waitForFrame((f) => /1 Websites \d+/.test(f), 'the first page');
  await ui.press('2', { until: (f) => new RegExp(`› +${id} `).test(f) });
  await ui.press(KEYS.enter, { until: (f) => f.includes(`Failed checks (${figureChecks().length})`) });
  const frame = oneLine(ui.frame());
  for (const name of figureChecks()) expect(frame, name).toContain(`✗ ${labelOf(name)} medium · ${faultWords(name)}`);
});
