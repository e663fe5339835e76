// The real terminal cursor at the insertion point of the text field being typed in: a magnifier
// follows it, and a terminal's screen reader reads the character under it. One owner per frame
// (TextCursorScope) places it through Ink's useCursor; every place a user types says only that its
// field has the keys (useTextCursor) and draws the bar (CURSOR) where the insertion point is. The
// cursor goes on the bar's cell as drawn, so a scrolled field, a mask and wide characters need no
// arithmetic of their own. No field with the keys: the cursor is hidden, as Ink keeps it; the deck's
// exit shows it again (LEAVE_SCREEN).
import { useCursor, type CursorPosition, type DOMElement } from 'ink';
import { createContext, use, useInsertionEffect, useLayoutEffect, useReducer, useState, type ReactNode, type RefObject } from 'react';
import { stripVTControlCharacters } from 'node:util';
import stringWidth from 'string-width';
import { CURSOR } from '../components/fields/cursorText';

type FieldRef = RefObject<DOMElement | null>;

/** Which field has the keys (the last to claim them), and the owner's look at where its bar now is. */
class CursorClaims {
  private field: FieldRef | null = null;
  /** Set by the owner: puts the cursor right after a layout that moved it. */
  recheck: () => void = () => undefined;

  claim(ref: FieldRef): void {
    this.field = ref;
  }

  release(ref: FieldRef): void {
    if (this.field === ref) this.field = null;
  }

  /** The bar's cell in the frame, or undefined: no field has the keys, or its bar is not drawn. */
  position(): CursorPosition | undefined {
    const node = this.field?.current;
    return node ? barCell(node) : undefined;
  }
}

const ClaimsContext = createContext<CursorClaims | null>(null);

/** A text node's text as Ink squashes it, without its styles. */
function textOf(node: DOMElement): string {
  let text = '';
  for (const child of node.childNodes) {
    if (child.nodeName === '#text') text += child.nodeValue;
    else if (!child.isHidden && (child.nodeName === 'ink-text' || child.nodeName === 'ink-virtual-text')) text += textOf(child);
  }
  return stripVTControlCharacters(text);
}

/** Where a node's box starts in the frame: its offsets from its parents, summed up to the root. */
function origin(node: DOMElement): { x: number; y: number; root: DOMElement } {
  let x = 0;
  let y = 0;
  let at: DOMElement = node;
  for (;;) {
    x += at.yogaNode?.getComputedLeft() ?? 0;
    y += at.yogaNode?.getComputedTop() ?? 0;
    if (!at.parentNode) return { x, y, root: at };
    at = at.parentNode;
  }
}

/** The cell of the bar drawn within `node` (its first text that holds one), if it is drawn inside the frame. */
function barCell(node: DOMElement): CursorPosition | undefined {
  if (node.isHidden) return undefined;
  if (node.nodeName === 'ink-text') {
    const text = textOf(node);
    const at = text.indexOf(CURSOR);
    if (at < 0) return undefined;
    const lines = text.slice(0, at).split('\n');
    // The text is this commit's; its place is the last layout's (the text's own width may be too, so it bounds nothing).
    const dx = stringWidth(lines[lines.length - 1]);
    const { x, y, root } = origin(node);
    const cell = { x: x + dx, y: y + lines.length - 1 };
    const height = root.yogaNode?.getComputedHeight() ?? 0;
    const width = root.yogaNode?.getComputedWidth() ?? 0;
    return cell.y < height && cell.x < width ? cell : undefined;
  }
  for (const child of node.childNodes) {
    if (child.nodeName === '#text') continue;
    const cell = barCell(child);
    if (cell) return cell;
  }
  return undefined;
}

const same = (a: CursorPosition | undefined, b: CursorPosition | undefined) => a?.x === b?.x && a?.y === b?.y;

/**
 * Places the cursor after everything else in the frame is committed: its text is what is drawn
 * now, and its place in the frame is the last layout's, right while the field stays where it
 * was (typing, moving the cursor). A field that moved, appeared or went is put right after the
 * layout, with one more render of this owner alone.
 */
function CursorOwner({ claims }: { claims: CursorClaims }) {
  const [, recheck] = useReducer((n: number) => n + 1, 0);
  const [placed] = useState<{ at: CursorPosition | undefined }>(() => ({ at: undefined }));
  // Declared before useCursor's own insertion effect, which hands Ink the position set here.
  useInsertionEffect(() => {
    placed.at = claims.position();
    setCursorPosition(placed.at);
  });
  const { setCursorPosition } = useCursor();
  useLayoutEffect(() => {
    claims.recheck = () => {
      if (!same(claims.position(), placed.at)) recheck();
    };
    claims.recheck();
  });
  return null;
}

/** Around a frame that has text fields (the deck, setup): the one owner of the terminal cursor, placed after the frame. */
export function TextCursorScope({ children }: { children: ReactNode }) {
  const [claims] = useState(() => new CursorClaims());
  return (
    <ClaimsContext value={claims}>
      {children}
      <CursorOwner claims={claims} />
    </ClaimsContext>
  );
}

/**
 * The field at `ref` has the keys (`focused`): the terminal cursor goes on the bar it draws. Every
 * place a user types calls it (src/ui/keys/textKeys.ts's INPUT_SITES); outside a TextCursorScope it
 * does nothing.
 */
export function useTextCursor(ref: FieldRef, focused: boolean): void {
  const claims = use(ClaimsContext);
  // Before the owner's look in the same commit: the claim it reads is this render's.
  useInsertionEffect(() => {
    if (!claims) return;
    if (focused) claims.claim(ref);
    else claims.release(ref);
    return () => claims.release(ref);
  });
  // A field that appeared or moved is found once the frame is laid out.
  useLayoutEffect(() => claims?.recheck());
}
