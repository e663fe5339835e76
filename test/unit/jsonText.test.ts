import { describe, expect, it } from 'vitest';
import { flatStringify, jsonText } from '../../src/text/json';

const nested = (depth: number, leaf: unknown = 'bottom'): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v, 1] : { a: v, 'k"\u001b': null };
  return v;
};

describe('jsonText', () => {
  const samples: unknown[] = [
    null,
    true,
    0,
    -1.5,
    NaN,
    Infinity,
    '',
    'a"\\\u001b\u009b\u2028',
    [],
    {},
    [undefined, () => 1, null],
    { a: undefined, b: [1, { c: 'd' }], e: {}, f: [], g: new Date(0) },
    nested(30),
  ];

  it('writes what JSON.stringify writes, compact and indented', () => {
    for (const v of samples) {
      for (const indent of [0, 2]) expect(flatStringify(v, indent)).toBe(JSON.stringify(v, null, indent));
    }
  });

  it('writes 5 000 and 100 000 levels, which JSON.stringify cannot, and reads back the same', () => {
    for (const depth of [5000, 100_000]) {
      const v = nested(depth);
      expect(() => JSON.stringify(v)).toThrow(RangeError);
      const text = jsonText(v);
      // Parsed back and written again, the text is the same (a structural compare would recurse).
      expect(jsonText(JSON.parse(text))).toBe(text);
      expect(text.split('{"a":').length - 1).toBe(depth / 2);
      expect(text.length).toBeGreaterThan(depth * 5);
    }
    expect(jsonText(nested(5000), 2).split('\n').length).toBeGreaterThan(5000);
  });
});
