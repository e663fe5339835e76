// Columns and panes (issue 57.6): the Reports list and its detail pane as drawn at 80×24, 120×40
// and 200×50 on the emulator's seeded data, snapshots kept inline beside what they show. Side by
// side, the pane takes the width its details need up to about half the screen, the list keeping
// every column with its URLs at their least; scores' numbers are right-aligned in their column.
import { describe, expect, it } from 'vitest';
import { setUpDeckUi } from '../helpers/deckUi';
import type { DeckHarness } from '../helpers/deck';
import { splitPane } from '../../src/ui/layout/paneWidth';

const deckUi = setUpDeckUi();

async function reports(h: DeckHarness, size: { columns: number; rows: number }) {
  const deck = deckUi.render(h, size);
  const t = () => h.store.getState().tabs.reports;
  await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
  // The clock's dates and the emulator's address vary: the header and dates are left out of the snapshot.
  await deck.press('2', { until: (f) => /›\s+\d+ /.test(f) && !t().loading && t().data !== null });
  // The distribution's counts too (its spinner and … until they come).
  return deck.waitForFrame((f) => /results: \S*█/.test(f) && !/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/.test(f), 'the distribution');
}

/** The frame without what differs between runs (the emulator's port, dates relative to now). */
const stable = (f: string) =>
  f
    .split('\n')
    .slice(1)
    .map((l) => l.replace(/\d{4}-\d\d-\d\d \d\d:\d\d/g, 'YYYY-MM-DD hh:mm').trimEnd())
    .join('\n');

describe('columns and panes', () => {
  it('the pane takes what its content needs up to half the screen; the list takes it back for its columns', () => {
    // Content that wants 70 columns at 120: half of it, 60, with the list needing 59 or less.
    expect(splitPane(120, 59, 70)).toEqual({ listWidth: 59, detailWidth: 60 });
    // The list needs 79: the pane gives back down to 40.
    expect(splitPane(120, 79, 70)).toEqual({ listWidth: 79, detailWidth: 40 });
    // Never under the layout's least.
    expect(splitPane(100, 90, 70).detailWidth).toBe(38);
    // Short content: only what it needs.
    expect(splitPane(200, 60, 45)).toEqual({ listWidth: 154, detailWidth: 45 });
  });

  it('at 80×24', async () => {
    const h = await deckUi.start({ emulator: { seed: 40 } });
    const f = await reports(h, { columns: 80, rows: 24 });
    expect(f).toMatch(/○\s{2}\d bad|○ \d\d bad|● 100 good/);
    expect(stable(f)).toMatchInlineSnapshot(`
      " / search  sort id ↓  25/page  page 1/2  40 total
       results: ████▓▓░░ good 17 decent 12 bad 11
           ↓ID URL                                      SCORE        GENERATED
      ›     40 app.solarbikes.com/index.php?page=9      ●  90 good   YYYY-MM-DD hh:mm
            39 app.solarbikes.com/search?q=bright       ◐  66 decent YYYY-MM-DD hh:mm
            38 app.solarbikes.com/search?q=hollow       ○  34 bad    YYYY-MM-DD hh:mm
            37 copperevents.net/getting-started         ◐  72 decent YYYY-MM-DD hh:mm
            36 app.solarbikes.com                       ● 100 good   YYYY-MM-DD hh:mm
            35 app.acmebooks.com                        ●  86 good   YYYY-MM-DD hh:mm
            34 copperevents.net/search?q=grove          ○  41 bad    YYYY-MM-DD hh:mm
            33 app.solarbikes.com                       ● 100 good   YYYY-MM-DD hh:mm
            32 copperevents.net/index.php?page=4        ◐  69 decent YYYY-MM-DD hh:mm
            31 news.zephyrworks.dev/…/best-coffee-beans ○  41 bad    YYYY-MM-DD hh:mm
            30 app.solarbikes.com…/Getting_Started.html ◐  52 decent YYYY-MM-DD hh:mm
            29 app.solarbikes.com/products/careers      ● 100 good   YYYY-MM-DD hh:mm
            28 app.acmebooks.com                        ●  86 good   YYYY-MM-DD hh:mm
            27 app.acmebooks.com/category/…/summer-sale ○  38 bad    YYYY-MM-DD hh:mm
            26 news.zephyrworks.dev                     ●  90 good   YYYY-MM-DD hh:mm
            25 news.zephyrworks.dev/blog/how-we-work    ◐  52 decent YYYY-MM-DD hh:mm
            24 app.solarbikes.com/category/stu…/careers ○  38 bad    YYYY-MM-DD hh:mm
            23 app.acmebooks.com/blog/how-we-work       ◐  69 decent YYYY-MM-DD hh:mm
       ? help  / search  s sort  e edit  d delete  R rerun  y copy  o open  q quit"
    `);
  });

  it('at 120×40', async () => {
    const h = await deckUi.start({ emulator: { seed: 40 } });
    const f = await reports(h, { columns: 120, rows: 40 });
    expect(stable(f)).toMatchInlineSnapshot(`
      " / search   sort id ↓   25/page   page 1/2   40 total                          results: ██▓▓░░ good 17 decent 12 bad 11
           ↓ID URL                                      SCORE        GENERATED        │ app.solarbikes.com/index.php?page=9
      ›     40 app.solarbikes.com/index.php?page=9      ●  90 good   YYYY-MM-DD hh:mm │ id 40 · created YYYY-MM-DD hh:mm
            39 app.solarbikes.com/search?q=bright       ◐  66 decent YYYY-MM-DD hh:mm │ Project   app.solarbikes.com
            38 app.solarbikes.com/search?q=hollow       ○  34 bad    YYYY-MM-DD hh:mm │ Score     ● 90 good
            37 copperevents.net/getting-started         ◐  72 decent YYYY-MM-DD hh:mm │ Privacy   Password
            36 app.solarbikes.com                       ● 100 good   YYYY-MM-DD hh:mm │ Password  set
            35 app.acmebooks.com                        ●  86 good   YYYY-MM-DD hh:mm │ Generated YYYY-MM-DD hh:mm
            34 copperevents.net/search?q=grove          ○  41 bad    YYYY-MM-DD hh:mm │ Updated   YYYY-MM-DD hh:mm
            33 app.solarbikes.com                       ● 100 good   YYYY-MM-DD hh:mm │
            32 copperevents.net/index.php?page=4        ◐  69 decent YYYY-MM-DD hh:mm │ Failed checks (4)
            31 news.zephyrworks.dev/…/best-coffee-beans ○  41 bad    YYYY-MM-DD hh:mm │ ✗ SEO friendly URL high · the URL is
            30 app.solarbikes.com…/Getting_Started.html ◐  52 decent YYYY-MM-DD hh:mm │                    not SEO friendly
            29 app.solarbikes.com/products/careers      ● 100 good   YYYY-MM-DD hh:mm │                    (capitals,
            28 app.acmebooks.com                        ●  86 good   YYYY-MM-DD hh:mm │                    underscores, a
            27 app.acmebooks.com/category/…/summer-sale ○  38 bad    YYYY-MM-DD hh:mm │                    query or a script
            26 news.zephyrworks.dev                     ●  90 good   YYYY-MM-DD hh:mm │                    name)
            25 news.zephyrworks.dev/blog/how-we-work    ◐  52 decent YYYY-MM-DD hh:mm │ ✗ Language         medium · no
            24 app.solarbikes.com/category/stu…/careers ○  38 bad    YYYY-MM-DD hh:mm │                    language declared
            23 app.acmebooks.com/blog/how-we-work       ◐  69 decent YYYY-MM-DD hh:mm │ ✗ Image format     low · images not in
            22 app.solarbikes.com                       ● 100 good   YYYY-MM-DD hh:mm │                    a modern format
            21 news.zephyrworks.dev                     ●  90 good   YYYY-MM-DD hh:mm │                    (AVIF, WebP)
            20 copperevents.net/products/release-notes  ○  38 bad    YYYY-MM-DD hh:mm │ ✗ Defer JavaScript low · scripts are
            19 news.zephyrworks.dev                     ●  90 good   YYYY-MM-DD hh:mm │                    not deferred
            18 app.solarbikes.com/careers               ◐  66 decent YYYY-MM-DD hh:mm │ Passed checks (26)
            17 app.solarbikes.com/getting-started       ○  21 bad    YYYY-MM-DD hh:mm │ ✓ Title
            16 app.acmebooks.com/index.php?page=6       ◐  69 decent YYYY-MM-DD hh:mm │   high · "Index Php |
                                                                                      │   app.solarbikes.com"
                                                                                      │ ✓ Meta description
                                                                                      │   high · "Everything about Index Php |
                                                                                      │   app.solarbikes.com."
                                                                                      │ ✓ Headings
                                                                                      │   high · h1 "Index Php |
                                                                                      │   app.solarbikes.com", 1 h2
                                                                                      │ ✓ Content keywords high · index, php
                                                                                      │ ✓ Noindex high
                                                                                      │ … 20 more (Enter, then ↓/↑)
       ? help  / search  s sort  f result  p project  n new  e edit  d delete  R rerun  Space mark  y copy  o open  q quit"
    `);
  });

  it('at 200×50', async () => {
    const h = await deckUi.start({ emulator: { seed: 40 } });
    const f = await reports(h, { columns: 200, rows: 50 });
    // 200 columns are wider than the sources' lines: this frame is kept in a file of its own.
    await expect(stable(f)).toMatchFileSnapshot('../fixtures/frames/reports-200x50.txt');
  });
});
