// A password typed on the `:` line after `:privacy password` (where it is not asked) is never said
// back: the refusal names what to do, and neither it nor the message log keeps the words after it.
import { describe, expect, it } from 'vitest';
import { parsePrompt } from '../../src/ui/keys/promptCommands';

describe(':privacy with words after its value', () => {
  it.each(['websites', 'reports'] as const)('on %s: the password typed there is not in the refusal', (tab) => {
    const r = parsePrompt(':privacy password hunter22-Qx', tab);
    expect(r).toEqual({
      kind: 'error',
      message: ':privacy password asks for the password after Enter, masked; nothing was sent and the words after it were not kept',
    });
  });

  it('another value with words after it: the usage, no echo', () => {
    const r = parsePrompt(':privacy public hunter22-Qx', 'websites');
    expect(r).toEqual({ kind: 'error', message: 'Usage: :privacy VALUE on the marked rows (one word; nothing was sent)' });
    expect(JSON.stringify(parsePrompt(':email enabled hunter22-Qx', 'websites'))).not.toContain('hunter22');
  });
});
