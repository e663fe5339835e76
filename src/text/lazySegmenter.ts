// Intl.Segmenter's first construction loads ICU's break data (13 ms and more of a start), and the
// packages the deck renders with build one as they load (string-width, wrap-ansi, slice-ansi,
// ansi-tokenize, Ink's line-update), though a frame of single-cell text never segments. One wrapper
// of the project's own, installed before any of them loads (src/installLazySegmenter.ts), makes
// every segmenter real on its first use, in place of an edit to each package's file.

type Segmenter = typeof Intl.Segmenter;

const LAZY = Symbol.for('sitedeck.lazySegmenter');

/**
 * A class standing for `Real` whose instances build their real segmenter on first use. A bad
 * locale or option is reported then, not at construction.
 */
export function lazySegmenterClass(Real: Segmenter): Segmenter {
  class LazySegmenter {
    static readonly [LAZY] = true;
    static supportedLocalesOf(locales?: string | readonly string[], options?: Intl.SegmenterOptions) {
      return Real.supportedLocalesOf(locales, options);
    }
    readonly #locales: ConstructorParameters<Segmenter>[0];
    readonly #options: ConstructorParameters<Segmenter>[1];
    #real: Intl.Segmenter | undefined;
    constructor(locales?: ConstructorParameters<Segmenter>[0], options?: ConstructorParameters<Segmenter>[1]) {
      this.#locales = locales;
      this.#options = options;
    }
    #segmenter(): Intl.Segmenter {
      return (this.#real ??= new Real(this.#locales, this.#options));
    }
    segment(input: string): Intl.Segments {
      return this.#segmenter().segment(input);
    }
    resolvedOptions(): Intl.ResolvedSegmenterOptions {
      return this.#segmenter().resolvedOptions();
    }
  }
  // `instanceof Intl.Segmenter` and its string tag stay true of a lazy one.
  Object.setPrototypeOf(LazySegmenter.prototype, Real.prototype);
  return LazySegmenter;
}

/** Puts the lazy class in place of `intl.Segmenter`, once. */
export function installLazySegmenter(intl: { Segmenter: Segmenter } = Intl): void {
  if (LAZY in intl.Segmenter) return;
  intl.Segmenter = lazySegmenterClass(intl.Segmenter);
}
