import { Text } from 'ink';
import { useEffect, useState } from 'react';
import { GLYPHS, useTheme } from '../themes/theme';

/** Turns only while mounted; its ticks re-render nothing but itself. */
export function Spinner() {
  const theme = useTheme();
  const [i, setI] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setI((n) => (n + 1) % GLYPHS.spinner.length), 100);
    return () => clearInterval(t);
  }, []);
  return <Text color={theme.accent}>{GLYPHS.spinner[i]}</Text>;
}
