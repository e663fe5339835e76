import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import { maskKey } from '../../config/mask';
import type { ResolvedConfig } from '../../config/types';
import { sanitize } from '../../text/sanitize';
import { fit } from '../text';
import { GLYPHS, useTheme } from '../theme';

export interface SetupValues {
  profile: string;
  baseUrl: string;
  seoBaseUrl: string;
  apiKey: string;
}

/** Checks the values (one list call per host); resolves with one message per refusing host. */
export type SetupCheck = (values: SetupValues) => Promise<{ ok: true; savedTo: string } | { ok: false; problems: string[] }>;

const FIELDS: { name: keyof SetupValues; label: string; help: string; secret?: boolean }[] = [
  { name: 'profile', label: 'Profile', help: 'A name for this account in the config file' },
  { name: 'baseUrl', label: 'Analytics URL', help: 'Base URL of the analytics host (…/public/api/v1 optional)' },
  { name: 'seoBaseUrl', label: 'SEO URL', help: 'Base URL of the SEO host (…/api/v1 optional)' },
  { name: 'apiKey', label: 'API key', help: 'Sent as a Bearer token to both hosts; saved with mode 0600', secret: true },
];

/**
 * Shown when the configuration is incomplete. While it is up the deck is not mounted, so its
 * useInput is the only one.
 */
export function SetupScreen({ config, check, onDone, onQuit, width }: {
  config: ResolvedConfig;
  check: SetupCheck;
  onDone: (values: SetupValues, savedTo: string) => void;
  onQuit: () => void;
  width: number;
}) {
  const theme = useTheme();
  const [values, setValues] = useState<SetupValues>({
    profile: config.profile || 'default',
    baseUrl: config.baseUrl ?? '',
    seoBaseUrl: config.seoBaseUrl ?? '',
    apiKey: config.apiKey ?? '',
  });
  const [focus, setFocus] = useState(() => Math.max(0, FIELDS.findIndex((f) => !values[f.name])));
  const [status, setStatus] = useState<{ kind: 'idle' } | { kind: 'checking' } | { kind: 'failed'; problems: string[] }>({ kind: 'idle' });

  const submit = () => {
    const missing = FIELDS.filter((f) => !values[f.name].trim());
    if (missing.length) {
      setStatus({ kind: 'failed', problems: missing.map((f) => `${f.label} is required.`) });
      setFocus(FIELDS.indexOf(missing[0]));
      return;
    }
    setStatus({ kind: 'checking' });
    const trimmed = { profile: values.profile.trim(), baseUrl: values.baseUrl.trim(), seoBaseUrl: values.seoBaseUrl.trim(), apiKey: values.apiKey.trim() };
    check(trimmed).then(
      (r) => (r.ok ? onDone(trimmed, r.savedTo) : setStatus({ kind: 'failed', problems: r.problems })),
      (e: unknown) => setStatus({ kind: 'failed', problems: [sanitize((e as Error)?.message ?? String(e))] }),
    );
  };

  useInput((input, key) => {
    if (status.kind === 'checking') {
      if (key.ctrl && input === 'c') onQuit();
      return;
    }
    const name = FIELDS[focus].name;
    if ((key.ctrl && input === 'c') || key.escape) return onQuit();
    if (key.tab || key.downArrow) return setFocus((focus + (key.shift ? FIELDS.length - 1 : 1)) % FIELDS.length);
    if (key.upArrow) return setFocus((focus + FIELDS.length - 1) % FIELDS.length);
    if (key.return || (key.ctrl && input === 's')) return focus === FIELDS.length - 1 || (key.ctrl && input === 's') ? submit() : setFocus(focus + 1);
    if (key.backspace || key.delete) return setValues({ ...values, [name]: Array.from(values[name]).slice(0, -1).join('') });
    if (key.ctrl && input === 'u') return setValues({ ...values, [name]: '' });
    if (key.ctrl || key.meta || !input) return;
    setValues({ ...values, [name]: values[name] + input.replace(/[\r\n]/g, '') });
  });

  return (
    <Box flexDirection="column" width={width} paddingX={1}>
      <Text bold color={theme.accent}>
        sitedeck — set up a profile
      </Text>
      <Text color={theme.muted} wrap="truncate">
        Nothing is configured yet. sitedeck checks both hosts with one list call each, then saves the profile to {sanitize(config.configPath)}.
      </Text>
      <Text> </Text>
      {FIELDS.map((f, i) => {
        const focused = i === focus;
        const v = f.secret ? (focused ? '•'.repeat(values[f.name].length) : maskKey(values[f.name])) : sanitize(values[f.name]);
        return (
          <Text key={f.name} wrap="truncate">
            <Text color={focused ? theme.accent : undefined} bold={focused}>
              {focused ? `${GLYPHS.selected} ` : '  '}
              {fit(f.label, 15)}
            </Text>
            <Text inverse={focused}>{fit(v + (focused ? '▏' : ''), Math.max(10, Math.min(70, width - 22)))}</Text>
          </Text>
        );
      })}
      <Text> </Text>
      <Text color={theme.muted} wrap="truncate">
        {'  '}
        {FIELDS[focus].help}
      </Text>
      <Text color={theme.muted} wrap="truncate">
        {'  Tab/↑↓ move · Enter on the last field (or Ctrl+S) checks and saves · Esc quits'}
      </Text>
      {status.kind === 'checking' ? <Text color={theme.accent}>  Checking both hosts…</Text> : null}
      {status.kind === 'failed'
        ? status.problems.map((p, i) => (
            <Text key={i} color={theme.danger} wrap="wrap">
              {`  ${GLYPHS.failed} ${sanitize(p)}`}
            </Text>
          ))
        : null}
    </Box>
  );
}
