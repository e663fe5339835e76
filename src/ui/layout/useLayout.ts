import { useStdout } from 'ink';
import { useEffect, useState } from 'react';
import { computeLayout, type Layout, type LayoutOptions, type Size } from './layout';

export { computeLayout, type Layout, type Size } from './layout';

/**
 * Terminal size, following resizes. `fixed` pins it (component tests). Not Ink's useWindowSize:
 * for a stream without a size (a test's, a pipe) that asks the controlling terminal (terminal-size
 * runs `tput`), so a test would see whatever terminal it runs in; here the default is 80×24.
 */
function useTerminalSize(fixed?: Partial<Size>): Size {
  // Ink 8 types the stream as a plain writable; the deck's is a terminal's (or a test's) with a size.
  const stdout = useStdout().stdout as NodeJS.WriteStream;
  const read = (): Size => ({
    columns: fixed?.columns ?? (stdout.columns || 80),
    rows: fixed?.rows ?? (stdout.rows || 24),
  });
  const [size, setSize] = useState(read);
  useEffect(() => {
    if (fixed?.columns && fixed?.rows) return;
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stdout, fixed?.columns, fixed?.rows]);
  // A size given whole is the size (a test resizes the deck by giving another).
  return fixed?.columns && fixed?.rows ? { columns: fixed.columns, rows: fixed.rows } : size;
}

export function useLayout(fixed?: Partial<Size>, opts?: LayoutOptions): Layout {
  return computeLayout(useTerminalSize(fixed), opts);
}
