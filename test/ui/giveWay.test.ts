import { describe, expect, it } from 'vitest';
import { giveWay, giveWayToLeast, lastGoFirst, namedGoInOrder } from '../../src/ui/input/giveWay';
import { computeLayout, distributionLine, firstRowLine, HEADER_LINE, listRows } from '../../src/ui/layout/layout';

const len = (parts: readonly string[]) => parts.join(' ').length;

describe('giveWay: parts give way in order until the line fits', () => {
  it('draws the fullest step that fits, and says when none does', () => {
    expect(giveWay(lastGoFirst(['alpha', 'beta', 'gamma']), len, 10)).toEqual(['alpha', 'beta']);
    expect(giveWay(lastGoFirst(['alpha', 'beta', 'gamma']), len, 100)).toEqual(['alpha', 'beta', 'gamma']);
    expect(giveWay(lastGoFirst(['alpha', 'beta'], 1), len, 3)).toBeUndefined();
    expect(giveWayToLeast(lastGoFirst(['alpha', 'beta']), len, 3)).toEqual([]);
  });

  it('drops the named parts in the order given, whatever their place on the line', () => {
    const parts = ['help', 'sort', 'mark', 'quit'];
    const steps = [...namedGoInOrder(parts, (p) => p, ['mark', 'sort', 'absent'])];
    expect(steps).toEqual([parts, ['help', 'sort', 'quit'], ['help', 'quit'], ['help', 'quit']]);
    expect(
      giveWayToLeast(
        namedGoInOrder(parts, (p) => p, ['mark', 'sort']),
        len,
        14,
      ),
    ).toEqual(['help', 'sort', 'quit']);
    expect(
      giveWayToLeast(
        namedGoInOrder(parts, (p) => p, ['mark', 'sort']),
        len,
        1,
      ),
    ).toEqual(['help', 'quit']);
  });

  it('stops at the first step that fits, measuring no further', () => {
    const measured: number[] = [];
    giveWay([3, 2, 1], (n) => (measured.push(n), n), 2);
    expect(measured).toEqual([3, 2]);
  });
});

describe('layout facts, decided once', () => {
  it('puts the Reports distribution on its own line under 100 columns, and the rows, list size and first row follow it', () => {
    expect(distributionLine('reports', 99)).toBe('own');
    expect(distributionLine('reports', 100)).toBe('status');
    expect(distributionLine('websites', 80)).toBeNull();
    // Header, status line, column header, then the rows; the distribution's own line pushes them down one.
    expect(firstRowLine('websites', 80, true)).toBe(HEADER_LINE + 3);
    expect(firstRowLine('reports', 100, true)).toBe(4);
    expect(firstRowLine('reports', 99, true)).toBe(5);
    expect(firstRowLine('reports', 99, false)).toBe(4);
    const narrow = computeLayout({ columns: 99, rows: 30 });
    expect(listRows(narrow, 'reports')).toBe(listRows(narrow, 'websites') - 1);
    const wide = computeLayout({ columns: 100, rows: 30 });
    expect(listRows(wide, 'reports')).toBe(listRows(wide, 'websites'));
  });
});
