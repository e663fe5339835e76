import { describe, expect, it } from 'vitest';
import { editDistance, nearest } from '../../src/text/nearest';

describe('nearest words', () => {
  it('counts edits, a swap of neighbours as one', () => {
    expect(editDistance('website', 'websites')).toBe(1);
    expect(editDistance('repots', 'reports')).toBe(1);
    expect(editDistance('cofnig', 'config')).toBe(1);
    expect(editDistance('abc', 'xyz')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('suggests only what is close (a third of the word) or starts the same, best first', () => {
    const commands = ['websites', 'reports', 'config', 'serve', 'completion'];
    expect(nearest('website', commands)).toEqual(['websites']);
    expect(nearest('conf', commands)).toEqual(['config']);
    expect(nearest('zzzz', commands)).toEqual([]);
    expect(nearest('serv', commands)).toEqual(['serve']);
    expect(nearest('SERVE', commands)).toEqual(['serve']);
  });
});
