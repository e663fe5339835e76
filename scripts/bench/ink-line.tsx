// The smallest Ink app: one line of text. Bundled like the deck and launched the same way, it shows
// what Ink itself costs before the deck adds anything.
import { render, Text } from 'ink';

render(<Text>sitedeck bench: one line</Text>);
