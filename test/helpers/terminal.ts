// Ink drawing on a terminal of its own, as it draws on a real one (not ink-testing-library's debug
// mode, which writes whole frames and no cursor): every byte goes through a small screen that
// moves its cursor as a terminal does (the moves and erases Ink's log-update sends, shown or
// hidden), so a test reads the cells and where the terminal's cursor stands.
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import type { ReactElement } from 'react';
import stringWidth from 'string-width';
import { waitFor } from './wait';
import { SYNC_END } from '../../src/ui/layout/screen';

/** A screen of `rows` × `columns` cells; a wide character takes its cell and an empty one after it. */
export class Screen {
  readonly cells: string[][];
  row = 0;
  col = 0;
  cursorShown = true;

  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    this.cells = Array.from({ length: rows }, () => Array<string>(columns).fill(' '));
  }

  /** The text of each row (a wide character once), trailing blanks kept. */
  lines(): string[] {
    return this.cells.map((r) => r.join(''));
  }

  /** The row's text left of the cursor, and from the cursor's cell on. */
  aroundCursor(): { before: string; at: string } {
    const r = this.cells[this.row] ?? [];
    return { before: r.slice(0, this.col).join(''), at: r.slice(this.col).join('') };
  }

  write(data: string): void {
    const re = /\x1b\[([0-9;?<=>]*)([ -/]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_78=>]|\r|\n|[^\x1b\r\n]+/gu;
    for (const m of data.matchAll(re)) {
      const t = m[0];
      if (t === '\n') this.lineFeed();
      else if (t === '\r') this.col = 0;
      else if (m[3] !== undefined) this.csi(m[1], m[3]);
      else if (!t.startsWith('\x1b')) this.print(t);
    }
  }

  private lineFeed(): void {
    // A tty turns \n into \r\n (onlcr), which Ink relies on.
    this.col = 0;
    if (this.row < this.rows - 1) this.row++;
    else {
      this.cells.shift();
      this.cells.push(Array<string>(this.columns).fill(' '));
    }
  }

  private print(text: string): void {
    for (const { segment } of new Intl.Segmenter().segment(text)) {
      const w = stringWidth(segment);
      if (w === 0 || this.col >= this.columns) continue;
      this.cells[this.row][this.col] = segment;
      if (w === 2 && this.col + 1 < this.columns) this.cells[this.row][this.col + 1] = '';
      this.col += w;
    }
  }

  private csi(params: string, final: string): void {
    if (params.startsWith('?')) {
      if (params.slice(1).split(';').includes('25') && (final === 'h' || final === 'l')) this.cursorShown = final === 'h';
      return;
    }
    const n = params.split(';').map((p) => (p === '' ? undefined : Number(p)));
    const a = n[0] ?? 1;
    const clampRow = (r: number) => Math.max(0, Math.min(this.rows - 1, r));
    const clampCol = (c: number) => Math.max(0, Math.min(this.columns - 1, c));
    const blank = (from: number, to: number, row = this.row) => {
      for (let c = from; c < to; c++) this.cells[row][c] = ' ';
    };
    switch (final) {
      case 'A':
        this.row = clampRow(this.row - a);
        break;
      case 'B':
        this.row = clampRow(this.row + a);
        break;
      case 'C':
        this.col = clampCol(this.col + a);
        break;
      case 'D':
        this.col = clampCol(this.col - a);
        break;
      case 'G':
        this.col = clampCol(a - 1);
        break;
      case 'H':
        this.row = clampRow((n[0] ?? 1) - 1);
        this.col = clampCol((n[1] ?? 1) - 1);
        break;
      case 'K': {
        const mode = n[0] ?? 0;
        if (mode === 0) blank(this.col, this.columns);
        else if (mode === 1) blank(0, this.col + 1);
        else blank(0, this.columns);
        break;
      }
      case 'J': {
        const mode = n[0] ?? 0;
        if (mode === 0) {
          blank(this.col, this.columns);
          for (let r = this.row + 1; r < this.rows; r++) blank(0, this.columns, r);
        } else if (mode === 2 || mode === 3) for (let r = 0; r < this.rows; r++) blank(0, this.columns, r);
        break;
      }
      default:
      // Colours and modes move nothing.
    }
  }
}

class TerminalOut extends EventEmitter {
  readonly isTTY = true;
  /** Called as each frame ends (Ink closes each with the synchronized update's end). */
  onFrame: (() => void) | null = null;
  constructor(readonly screen: Screen) {
    super();
  }
  get columns() {
    return this.screen.columns;
  }
  get rows() {
    return this.screen.rows;
  }
  write = (data: string) => {
    this.screen.write(data);
    if (data.includes(SYNC_END)) this.onFrame?.();
    return true;
  };
}

class TerminalIn extends EventEmitter {
  readonly isTTY = true;
  private data: string | null = null;
  write = (data: string) => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = () => {
    const d = this.data;
    this.data = null;
    return d;
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

export interface OnTerminal {
  screen: Screen;
  /** Writes keys, each on its own and a turn of the event loop apart (Ink reads what arrives together as one input). */
  write(...keys: string[]): Promise<void>;
  /** Calls `look` on the screen as each frame ends (null: no more). */
  eachFrame(look: ((s: Screen) => void) | null): void;
  /** Waits until `test` holds of the screen; fails with the screen as it was. */
  waitFor(test: (s: Screen) => boolean, what: string): Promise<void>;
  unmount(): void;
}

/** Renders `tree` on a terminal of `columns` × `rows`. */
export function renderOnTerminal(tree: ReactElement, { columns, rows }: { columns: number; rows: number }): OnTerminal {
  const screen = new Screen(columns, rows);
  const stdout = new TerminalOut(screen);
  const stdin = new TerminalIn();
  const stderr = new TerminalOut(new Screen(columns, rows));
  const ink = render(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    interactive: true,
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 60,
  });
  return {
    screen,
    eachFrame: (look) => {
      stdout.onFrame = look && (() => look(screen));
    },
    write: async (...keys) => {
      for (const k of keys) {
        stdin.write(k);
        await new Promise((r) => setImmediate(r));
      }
    },
    waitFor: (test, what) =>
      waitFor(() => test(screen), what).then(
        () => undefined,
        (e: Error) => {
          throw new Error(
            `${e.message}; cursor at ${screen.col},${screen.row} (${screen.cursorShown ? 'shown' : 'hidden'}), screen:\n${screen.lines().join('\n')}`,
          );
        },
      ),
    unmount: () => ink.unmount(),
  };
}
