// The smallest Ink app: one line of text. Bundled like the deck and launched the same way, it shows
// what Ink itself costs before the deck adds anything. Like the deck's entry it makes grapheme
// segmenters lazy first (the build patches did that for it before the deck owned a wrapper), so the
// baseline keeps the same start.
import '../../src/installLazySegmenter';
import { render, Text } from 'ink';

render(<Text>sitedeck bench: one line</Text>);
