import { describe, expect, it } from 'vitest';
import { osc52 } from '../../src/ui/clipboard';
import { findBinding, KEYMAP, NO_KEY, splitKeys, type KeySpec, type ModeKind } from '../../src/ui/keymap';
import { helpLines } from '../../src/ui/components/HelpOverlay';

const MODES: ModeKind[] = ['list', 'detail', 'search', 'command', 'form', 'help', 'confirm-delete', 'confirm-discard'];
const specKey = (k: KeySpec) => `${k.ctrl ? 'C-' : ''}${k.shift ? 'S-' : ''}${k.key ?? k.input}`;

describe('keymap', () => {
  it('gives each key at most one meaning per mode and tab', () => {
    for (const mode of MODES) {
      for (const tab of ['websites', 'reports'] as const) {
        const seen = new Map<string, string>();
        for (const b of KEYMAP.filter((x) => x.modes.includes(mode) && (!x.tab || x.tab === tab))) {
          for (const k of b.keys) {
            const id = specKey(k);
            expect(seen.get(id), `${mode}/${tab}: ${id} is both ${seen.get(id)} and ${b.command}`).toBeUndefined();
            seen.set(id, b.command);
          }
        }
      }
    }
  });

  it('routes by mode and tab: f filters only on Reports; Shift+Tab is not Tab', () => {
    expect(findBinding('list', 'reports', 'f', NO_KEY)?.command).toBe('result.cycle');
    expect(findBinding('list', 'websites', 'f', NO_KEY)).toBeUndefined();
    expect(findBinding('list', 'websites', '', { ...NO_KEY, tab: true, shift: true })?.command).toBe('tab.prev');
    expect(findBinding('list', 'websites', '', { ...NO_KEY, tab: true })?.command).toBe('tab.next');
    expect(findBinding('form', 'websites', 's', { ...NO_KEY, ctrl: true })?.command).toBe('form.save');
    expect(findBinding('form', 'websites', 's', NO_KEY)).toBeUndefined(); // typed text
    expect(findBinding('list', 'websites', '', { ...NO_KEY, delete: true })).toBeUndefined();
    expect(findBinding('search', 'websites', '', { ...NO_KEY, delete: true })?.command).toBe('search.backspace');
  });

  it('splits a run of characters that arrived together into key presses', () => {
    expect(splitKeys('jj\r', NO_KEY).map((k) => [k.input, k.key.return])).toEqual([['j', false], ['j', false], ['', true]]);
    expect(splitKeys('\x13', NO_KEY)).toHaveLength(1);
    expect(splitKeys('a\x13', NO_KEY)[1]).toMatchObject({ input: 's', key: { ctrl: true } });
    expect(splitKeys('G', NO_KEY)).toEqual([{ input: 'G', key: NO_KEY }]);
    // Esc then q in one read arrives as Alt+q: two presses.
    expect(splitKeys('q', { ...NO_KEY, meta: true }).map((k) => [k.key.escape, k.input])).toEqual([[true, ''], [false, 'q']]);
    expect(splitKeys('', { ...NO_KEY, escape: true, meta: true })).toHaveLength(1);
  });

  it('writes the help overlay from the same table, marking locked actions in read-only', () => {
    const lines = helpLines(true).map((l) => l.text);
    for (const b of KEYMAP.filter((x) => x.modes.includes('list'))) expect(lines.some((l) => l.includes(b.description))).toBe(true);
    expect(lines.filter((l) => l.includes('■ locked')).length).toBe(KEYMAP.filter((b) => b.writes).length);
    expect(helpLines(false).some((l) => l.text.includes('locked'))).toBe(false);
  });
});

describe('OSC 52', () => {
  it('sets the clipboard, wrapped in tmux passthrough inside tmux', () => {
    expect(osc52('a.com', {})).toBe('\x1b]52;c;YS5jb20=\x07');
    expect(osc52('a.com', { TMUX: '/tmp/tmux-1/default,1,0' })).toBe('\x1bPtmux;\x1b\x1b]52;c;YS5jb20=\x07\x1b\\');
  });
});
