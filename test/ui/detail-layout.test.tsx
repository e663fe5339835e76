// The detail pane at the sizes people use (80, 100 and 120 columns): each block's label column is as
// wide as its longest label, values wrap under their own column, and a report's URL is whole where
// the room holds it, in the pane and in the list beside it. A key hides the pane for the session.
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { DetailPane } from '../../src/ui/components/DetailPane';
import { computeLayout } from '../../src/ui/layout/layout';
import { cellText, fitColumns } from '../../src/ui/words/columns';
import { reducer, initialState } from '../../src/state/reducer';
import { renderInk } from '../helpers/ink';
import { report, website } from '../helpers/records';

/** The detail's width at a terminal size: beside the list from 100 columns, the whole screen (Enter) below. */
const paneWidth = (columns: number) => {
  const l = computeLayout({ columns, rows: 40 });
  return l.sideBySide ? l.detailWidth - 1 : columns - 1;
};

const frameOf = (tab: 'websites' | 'reports', record: Parameters<typeof DetailPane>[0]['record'], width: number) => {
  const ui = renderInk(<DetailPane tab={tab} record={record} width={width} height={80} scroll={0} focused />);
  const f = ui.frame();
  ui.unmount();
  return f.split('\n');
};

describe('the detail pane’s columns', () => {
  const site = website(4, { email: 0, exclude_ips: '10.0.0.10\n192.168.1.104' });
  for (const columns of [80, 100, 120]) {
    it(`at ${columns} columns: labels in one column as wide as the longest ("Exclude params"), values wrapped under theirs`, () => {
      const rows = frameOf('websites', site, paneWidth(columns));
      const valueAt = 'Exclude params'.length + 1;
      for (const label of ['Privacy', 'Email reports', 'Exclude bots', 'Exclude params', 'Exclude IPs']) {
        const row = rows.find((r) => r.startsWith(`${label} `))!;
        expect(row, label).toBeDefined();
        // The value starts in the value column, after the label's padding.
        expect(row.slice(0, valueAt).trimEnd(), label).toBe(label);
        expect(row[valueAt], `${label}: ${row}`).not.toBe(' ');
      }
      // The write-only note wraps under its own column, never under the label.
      const at = rows.findIndex((r) => r.startsWith('Exclude params '));
      const next = rows.slice(at + 1).findIndex((r) => !r.startsWith(' '.repeat(valueAt)));
      const wrapped = rows.slice(at + 1, at + 1 + next);
      if (columns > 80) expect(wrapped.length).toBeGreaterThan(0);
      for (const r of wrapped) expect(r[valueAt], r).not.toBe(' ');
      expect(
        rows
          .slice(at, at + 1 + next)
          .map((r) => r.slice(valueAt))
          .join(' ')
          .replace(/\s+/g, ' '),
      ).toContain('Not returned by the server. In an edit, an empty field keeps them; anything typed replaces them all.');
    });

    it(`at ${columns} columns: a report's URL is whole in the pane, and in the list as at 80 columns`, () => {
      const url = 'https://delta-site.dev/blog/hello-world/p299';
      const r = report(299, { url, project: 'delta-site.dev' });
      const rows = frameOf('reports', r, paneWidth(columns));
      expect(rows.slice(0, 3).join('').replace(/\s+/g, '')).toContain(url);
      // The list beside the pane gives the URL at least the room it has alone at 80 columns, where it is whole.
      const short = 'delta-site.dev/blog/hello-world/p299';
      const urlColumn = (width: number) => fitColumns('reports', width, { dropProject: true }).find((c) => c.field.name === 'url')!;
      expect(stringWidth(short)).toBeLessThanOrEqual(urlColumn(80).width);
      const l = computeLayout({ columns, rows: 40 });
      if (columns !== 100) {
        const name = urlColumn(l.listWidth);
        expect(name.width).toBeGreaterThanOrEqual(urlColumn(80).width);
        expect(cellText(name.field, r, name.width)).toBe(short);
      }
    });
  }
});

describe('hiding the detail pane', () => {
  it('P hides it for the session: the list takes the width, and shows it again', () => {
    const s0 = initialState({});
    expect(s0.pane).toBe('shown');
    const hidden = reducer(s0, { type: 'pane/toggle' });
    expect(hidden.pane).toBe('hidden');
    expect(hidden.flash?.text).toMatch(/detail pane hidden/);
    for (const columns of [100, 120]) {
      const shown = computeLayout({ columns, rows: 40 }, { pane: 'shown' });
      const wide = computeLayout({ columns, rows: 40 }, { pane: 'hidden' });
      expect(shown.sideBySide).toBe(true);
      expect(wide.sideBySide).toBe(false);
      expect(wide.listWidth).toBe(columns);
    }
    // Narrow and tall, the pane below the list goes too: the list takes its rows.
    expect(computeLayout({ columns: 90, rows: 60 }, { pane: 'hidden' }).detailBelowRows).toBe(0);
    expect(reducer(hidden, { type: 'pane/toggle' }).pane).toBe('shown');
  });
});
