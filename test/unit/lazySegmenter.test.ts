import { describe, expect, it } from 'vitest';
import { installLazySegmenter, lazySegmenterClass } from '../../src/text/lazySegmenter';

/** Intl.Segmenter, counting its constructions. */
function counting() {
  const made: unknown[][] = [];
  class Counted extends Intl.Segmenter {
    constructor(...args: ConstructorParameters<typeof Intl.Segmenter>) {
      made.push(args);
      super(...args);
    }
  }
  return { Real: Counted as typeof Intl.Segmenter, made };
}

describe('lazy grapheme segmenters', () => {
  it('a segmenter is built for real on its first use, once', () => {
    const { Real, made } = counting();
    const Lazy = lazySegmenterClass(Real);
    const s = new Lazy('en', { granularity: 'word' });
    expect(made).toEqual([]);
    expect([...s.segment('hello big world')].filter((x) => x.isWordLike).map((x) => x.segment)).toEqual(['hello', 'big', 'world']);
    expect(s.resolvedOptions().granularity).toBe('word');
    expect(made).toEqual([['en', { granularity: 'word' }]]);
  });

  it('segments as Intl.Segmenter does, and still counts as one', () => {
    const Lazy = lazySegmenterClass(Intl.Segmenter);
    const text = 'e\u0301 👩‍💻 🇫🇷 漢字 ab';
    const segments = (s: Intl.Segmenter) => [...s.segment(text)].map((x) => [x.segment, x.index]);
    expect(segments(new Lazy())).toEqual(segments(new Intl.Segmenter()));
    expect(new Lazy()).toBeInstanceOf(Intl.Segmenter);
    expect(Object.prototype.toString.call(new Lazy())).toBe('[object Intl.Segmenter]');
    expect(Lazy.supportedLocalesOf(['en', 'fr'])).toEqual(Intl.Segmenter.supportedLocalesOf(['en', 'fr']));
  });

  it('is installed once, on the Intl given', () => {
    const { Real, made } = counting();
    const intl = { Segmenter: Real };
    installLazySegmenter(intl);
    const first = intl.Segmenter;
    installLazySegmenter(intl);
    expect(intl.Segmenter).toBe(first);
    expect(first).not.toBe(Real);
    new intl.Segmenter();
    expect(made).toEqual([]);
  });
});
