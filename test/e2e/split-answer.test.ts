// A terminal's answer that reaches the deck in two reads is no key (src/ui/input/escapeHold.ts): the
// background colour's answer (OSC 11), its halves sent as a terminal sends bytes (tmux send-keys
// -H). Split after its ESC, the rest used to turn the page (`]`), refresh (`r`) and open the `:`
// line holding `0000/0000/0000`. Split after `rgb:0000/`, it must do nothing either. The next real
// key is answered as ever. In-process, with the guard's clock: test/ui/splitAnswer.test.tsx.
import { describe, expect, it } from 'vitest';
import { hasTmux } from '../helpers/tmux';
import { openDeck, setUpE2e } from '../helpers/e2eFixture';

const fx = setUpE2e('sitedeck-e2e-split-answer-', { seed: 40 });
const ESC = '\x1b';
const ANSWER = `${ESC}]11;rgb:0000/0000/0000${ESC}\\`;
/** List requests for websites the emulator answered since `from`. */
const websiteLists = (from: number) => fx.emulator.hits.slice(from).filter((h) => h.method === 'GET' && /\/websites$/.test(h.path));

describe.skipIf(!hasTmux())('an OSC 11 answer split in two (tmux)', () => {
  it('is never read as keys: no page turned, no refresh, no `:` line; the next key is answered', async () => {
    const t = openDeck(fx, { columns: 80, rows: 24 });
    await t.waitFor(/25\/page\s+page 1\/2/);
    const out = t.output();
    const from = fx.emulator.hits.length;
    // Split after its ESC: that ESC is Esc once its wait ends (nothing tells it from a press), said at the tab's base.
    t.sendBytes(ESC);
    await out.waitFor(/Nothing to back out of/);
    t.sendBytes(ANSWER.slice(1));
    // Split in its middle, the halves as far apart as two looks at the screen.
    const at = ANSWER.indexOf('0000/') + 5;
    t.sendBytes(ANSWER.slice(0, at));
    await t.waitFor(/page 1\/2/);
    t.sendBytes(ANSWER.slice(at));
    // The next real key: the next page, once.
    t.sendKeys(']');
    await t.waitFor(/page 2\/2/);
    expect(websiteLists(from).map((h) => h.query.page)).toEqual(['2']);
    expect(out.text()).not.toMatch(/0000|rgb/);
    expect(out.frames().filter((f) => /^:/m.test(f))).toEqual([]);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});
