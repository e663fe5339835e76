import { describe, expect, it } from 'vitest';
import { atEnd, deleteBack, insertText, moveCursor } from '../../src/state/textEdit';
import { editField, moveFocus, openForm, setFieldValue, typeText } from '../../src/state/formState';
import { visibleWindow } from '../../src/ui/components/fields/window';
import { website } from '../helpers/records';

const ones = (n: number) => Array<number>(n).fill(1);

describe('text editing with a cursor', () => {
  it('typing, Home, typing: the text goes in at the cursor', () => {
    let t = insertText(atEnd(''), 'example.com/pricing');
    t = moveCursor(t, 'home');
    t = insertText(t, 'https://');
    expect(t).toEqual({ value: 'https://example.com/pricing', cursor: 8 });
    t = moveCursor(t, 'end');
    for (let i = 0; i < '/pricing'.length; i++) t = moveCursor(t, 'left');
    t = insertText(t, '/en');
    expect(t.value).toBe('https://example.com/en/pricing');
    t = deleteBack(deleteBack(deleteBack(t)));
    expect(t).toEqual({ value: 'https://example.com/pricing', cursor: 19 });
  });

  it('the cursor stays inside the text, counted in characters', () => {
    expect(moveCursor({ value: 'ab', cursor: 0 }, 'left').cursor).toBe(0);
    expect(moveCursor({ value: 'ab', cursor: 2 }, 'right').cursor).toBe(2);
    expect(deleteBack({ value: 'ab', cursor: 0 })).toEqual({ value: 'ab', cursor: 0 });
    expect(insertText({ value: 'a😀b', cursor: 2 }, 'é')).toEqual({ value: 'a😀éb', cursor: 3 });
  });

  it('the form keeps one cursor: at the end of a field when it is entered, moved by the keys', () => {
    let f = openForm('reports', 'create', null);
    f = typeText(f, 'example.com/pricing');
    f = editField(f, { kind: 'move', move: 'home' });
    f = typeText(f, 'https://');
    expect(f.values.url).toBe('https://example.com/pricing');
    f = editField(f, { kind: 'move', move: 'left' });
    f = editField(f, { kind: 'backspace' });
    expect(f.values.url).toBe('https:/example.com/pricing');
    f = moveFocus(f, 1);
    expect(f.cursor).toBe(0); // privacy: a choice, nothing typed
    f = moveFocus(f, -1);
    expect(f.cursor).toBe(Array.from('https:/example.com/pricing').length);
    const e = moveFocus(moveFocus(openForm('websites', 'update', website(3, { exclude_ips: '1.2.3.4' })), 3), 1);
    expect(e.focus).toBe('exclude_ips');
    expect(e.cursor).toBe('1.2.3.4'.length);
    expect(setFieldValue(e, 'exclude_ips', '9.9.9.9, 8.8.8.8').cursor).toBe(16);
  });

  it('control characters glued to typed text are dropped, not inserted', () => {
    const f = typeText(openForm('websites', 'create', null), '\u0015shop.example.com\u0007');
    expect(f.values.domain).toBe('shop.example.com');
  });

  it('a long value scrolls so the cursor stays in view', () => {
    expect(visibleWindow(ones(5), 5, 10)).toEqual({ start: 0, end: 5 });
    expect(visibleWindow(ones(30), 30, 10)).toEqual({ start: 21, end: 30 });
    expect(visibleWindow(ones(30), 0, 10)).toEqual({ start: 0, end: 10 });
    expect(visibleWindow(ones(30), 15, 10)).toEqual({ start: 6, end: 16 });
  });

  it('wide characters take two cells of the window, so a line of them stays within the field', () => {
    // 日 is two cells: at most four of them before the cursor in 9 cells, five in the whole 10.
    const wide = Array<number>(30).fill(2);
    expect(visibleWindow(wide, 30, 10)).toEqual({ start: 26, end: 30 });
    expect(visibleWindow(wide, 0, 10)).toEqual({ start: 0, end: 5 });
    expect(visibleWindow([1, 2, 1, 2, 2, 2], 6, 6)).toEqual({ start: 4, end: 6 });
  });
});
