// Imported first by the entry (src/cli.tsx), so that it runs before any package builds a segmenter.
import { installLazySegmenter } from './text/lazySegmenter';

installLazySegmenter();
