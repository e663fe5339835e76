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
    static supportedLocalesOf(...args: Parameters<Segmenter['supportedLocalesOf']>) {
      return Real.supportedLocalesOf(...args);
    }
    readonly #args: ConstructorParameters<Segmenter>;
    #real: Intl.Segmenter | undefined;
    constructor(...args: ConstructorParameters<Segmenter>) {
      this.#args = args;
    }
    #segmenter(): Intl.Segmenter {
      return (this.#real ??= new Real(...this.#args));
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
  return LazySegmenter as unknown as Segmenter;
}

/** Puts the lazy class in place of `intl.Segmenter`, once. */
export function installLazySegmenter(intl: { Segmenter: Segmenter } = Intl): void {
  if (LAZY in intl.Segmenter) return;
  intl.Segmenter = lazySegmenterClass(intl.Segmenter);
}
