import { Box, Text, useInput, useIsScreenReaderEnabled, useStdout, type Key } from 'ink';
import { bindingById, keyMatches, splitKeys, textOpFor, typedText, type BindingId } from '../keys/keymap';
import { atEnd, editOf, editText, oneLine, type TextOp } from '../../state/textEdit';
import { TextField } from '../components/fields';
import { keyOf, keysOf } from '../keys/keyWords';
import { useEffect, useRef, useState } from 'react';
import { maskKey } from '../../config/mask';
import type { ResolvedConfig } from '../../config/types';
import { sanitize } from '../../text/sanitize';
import { boundaryWords } from '../spoken/field';
import { spokenSetup } from '../spoken/setup';
import { SpokenWriter } from '../spoken/writer';
import { TextCursorScope } from '../hooks/textCursor';
import { fit } from '../words/text';
import { GLYPHS, useTheme } from '../themes/theme';

export interface SetupValues {
  profile: string;
  baseUrl: string;
  seoBaseUrl: string;
  apiKey: string;
}

/** A problem the check found and the fields it is about: it goes when one of them changes (none: it stays until the next check). */
export interface SetupProblem {
  text: string;
  fields: readonly (keyof SetupValues)[];
}

/** Checks the values (one list call per host); resolves with one problem per refusing host (or one for a swap). */
/** `commandKey`: the key api_key_command printed, which is never saved to the file. */
export type SetupCheck = (
  values: SetupValues,
  opts?: { commandKey?: string },
) => Promise<{ ok: true; savedTo: string } | { ok: false; problems: readonly SetupProblem[] }>;

type SetupStatus = { kind: 'idle' } | { kind: 'checking' } | { kind: 'failed'; problems: readonly SetupProblem[] };

interface SetupView {
  values: SetupValues;
  focus: number;
  /** Where the cursor stands in the focused field, in characters. */
  cursor: number;
  status: SetupStatus;
  /** Esc (or Ctrl+C) with typed values: asking before they are thrown away. */
  askQuit: boolean;
}

/** Whether anything was typed that quitting would lose. */
function setupEdited(values: SetupValues, initial: SetupValues): boolean {
  return (Object.keys(values) as (keyof SetupValues)[]).some((k) => values[k] !== initial[k]);
}

const FIELDS: { name: keyof SetupValues; label: string; help: string; secret?: boolean }[] = [
  { name: 'profile', label: 'Profile', help: 'A name for this account in the config file' },
  { name: 'baseUrl', label: 'Analytics URL', help: 'Base URL of the analytics host (…/public/api/v1 optional)' },
  { name: 'seoBaseUrl', label: 'SEO URL', help: 'Base URL of the SEO host (…/api/v1 optional)' },
  { name: 'apiKey', label: 'API key', help: 'Sent as a Bearer token to both hosts; saved with mode 0600', secret: true },
];

/** What a key does on the setup screen: change the view, check and save, quit, or nothing. */
type SetupStep = { kind: 'update'; patch: Partial<SetupView> } | { kind: 'submit' } | { kind: 'quit'; interrupted: boolean } | { kind: 'none' };

/** The check's problems less those about `field`, which was just changed (what they said no longer holds). */
function without(status: SetupStatus, field: keyof SetupValues): SetupStatus {
  if (status.kind !== 'failed') return status;
  const problems = status.problems.filter((p) => !p.fields.includes(field));
  return problems.length ? { kind: 'failed', problems } : { kind: 'idle' };
}

/** The bindings this screen answers besides the one text field's (text.*): it is a form with four fields, and asks before quitting. */
export const SETUP_KEYS = [
  'interrupt',
  'confirm.yes',
  'form.cancel',
  'form.prev',
  'form.next',
  'form.save',
  'form.enter',
] as const satisfies readonly BindingId[];

/** The form's own bindings (as the user bound them, SETUP_KEYS): this screen is a form with four fields. */
function setupKey(view: SetupView, initial: SetupValues, input: string, key: Key): SetupStep {
  const is = (id: (typeof SETUP_KEYS)[number]) => bindingById(id).keys.some((k) => keyMatches(k, input, key));
  const { values, focus, status, askQuit } = view;
  const interrupt = is('interrupt');
  const update = (patch: Partial<SetupView>): SetupStep => ({ kind: 'update', patch });
  const quit: SetupStep = { kind: 'quit', interrupted: interrupt };
  // Quitting loses what was typed: asked first; a second Ctrl+C or y quits, anything else goes back.
  if (askQuit) return interrupt || is('confirm.yes') ? quit : update({ askQuit: false });
  const wantsOut = interrupt || is('form.cancel');
  if (wantsOut) return setupEdited(values, initial) ? update({ askQuit: true }) : quit;
  if (status.kind === 'checking') return { kind: 'none' };
  const name = FIELDS[focus].name;
  // Moving to a field puts the cursor at the end of what it holds, as the edit forms do.
  const focusOn = (i: number) => update({ focus: i, cursor: atEnd(values[FIELDS[i].name]).cursor });
  // Previous first: Shift+Tab is Tab with shift, which the next field's Tab would also match.
  if (is('form.prev')) return focusOn((focus + FIELDS.length - 1) % FIELDS.length);
  if (is('form.next')) return focusOn((focus + 1) % FIELDS.length);
  if (is('form.save')) return { kind: 'submit' };
  if (is('form.enter')) return focus === FIELDS.length - 1 ? { kind: 'submit' } : focusOn(focus + 1);
  // The one text field's keys (the keymap's text.* bindings), then typed or pasted text at the cursor.
  const typed = typedText(input, key);
  const op: TextOp | null = textOpFor(input, key) ?? (typed === null ? null : { kind: 'insert', text: oneLine(typed, '') });
  if (!op) return { kind: 'none' };
  const next = editText(editOf(values[name], view.cursor), op);
  if (next.value === values[name]) return next.cursor === view.cursor ? { kind: 'none' } : update({ cursor: next.cursor });
  return update({ values: { ...values, [name]: next.value }, cursor: next.cursor, status: without(status, name) });
}

/**
 * Shown when the configuration is incomplete. While it is up the deck is not mounted, so its
 * useInput is the only one. For a screen reader it is not drawn: the deck's append-only writer
 * says it (src/ui/spoken/setup.ts), once whole and then what each key changed.
 */
export function SetupScreen({
  config,
  check,
  onDone,
  onQuit,
  width,
  height,
  write,
}: {
  config: ResolvedConfig;
  check: SetupCheck;
  onDone: (values: SetupValues, savedTo: string) => void;
  /** Leaves without saving: Esc (false) or Ctrl+C (true). */
  onQuit: (interrupted: boolean) => void;
  width: number;
  height: number;
  /** Where a screen reader's lines go (the terminal, unless given). */
  write?: (text: string) => void;
}) {
  const theme = useTheme();
  // The words a screen reader hears are made only when one listens.
  const spoken = useIsScreenReaderEnabled();
  const { stdout } = useStdout();
  const writer = useRef<SpokenWriter | null>(null);
  if (spoken && !writer.current) writer.current = new SpokenWriter(write ?? ((text) => stdout.write(text)));
  // Keys can arrive before Ink re-subscribes the new handler, so the handler reads a ref that
  // always holds the latest values, never a render's closure.
  const initial: SetupValues = {
    profile: config.profile || 'default',
    baseUrl: config.baseUrl ?? '',
    seoBaseUrl: config.seoBaseUrl ?? '',
    apiKey: config.apiKey ?? '',
  };
  const [view, setView] = useState<SetupView>(() => {
    const focus = Math.max(
      0,
      FIELDS.findIndex((f) => !initial[f.name]),
    );
    return { values: initial, focus, cursor: atEnd(initial[FIELDS[focus].name]).cursor, status: { kind: 'idle' }, askQuit: false };
  });
  const start = useRef(initial);
  const ref = useRef(view);
  const update = (patch: Partial<SetupView>) => {
    ref.current = { ...ref.current, ...patch };
    setView(ref.current);
  };

  const submit = () => {
    const { values } = ref.current;
    const missing = FIELDS.filter((f) => !values[f.name].trim());
    if (missing.length) {
      update({
        status: { kind: 'failed', problems: missing.map((f) => ({ text: `${f.label} is required.`, fields: [f.name] })) },
        focus: FIELDS.indexOf(missing[0]),
        cursor: atEnd(values[missing[0].name]).cursor,
      });
      return;
    }
    update({ status: { kind: 'checking' } });
    const trimmed = { profile: values.profile.trim(), baseUrl: values.baseUrl.trim(), seoBaseUrl: values.seoBaseUrl.trim(), apiKey: values.apiKey.trim() };
    check(trimmed).then(
      (r) => (r.ok ? onDone(trimmed, r.savedTo) : update({ status: { kind: 'failed', problems: r.problems } })),
      (e: unknown) => update({ status: { kind: 'failed', problems: [{ text: sanitize((e as Error)?.message ?? String(e)), fields: [] }] } }),
    );
  };

  // One input path for every text field (the deck's router reads keys the same way): a burst
  // (`url` Tab `url` Tab `key` Enter pasted or typed ahead) is read key by key, so its Tabs move
  // between fields and its Enter submits, instead of all of it landing in the first field.
  useInput((input, key) => {
    // Every field here is a text field: its Alt keys (Alt+B, Alt+F) are keys, not Esc and a letter.
    for (const k of splitKeys(input, key, { altKeys: true })) onKey(k.input, k.key);
  });

  function onKey(input: string, key: Key) {
    const step = setupKey(ref.current, start.current, input, key);
    const op = textOpFor(input, key);
    // A move or deletion that changed nothing (← at the start) is said too: where the cursor stands.
    if (step.kind === 'none' && op && op.kind !== 'insert' && ref.current.status.kind !== 'checking') {
      const f = FIELDS[ref.current.focus];
      const chars = Array.from(ref.current.values[f.name]);
      writer.current?.say([
        boundaryWords({ id: f.name, chars, cursor: ref.current.cursor, secret: f.secret === true }, op.kind === 'move' ? 'move' : 'delete'),
      ]);
    }
    if (step.kind === 'update') update(step.patch);
    else if (step.kind === 'submit') submit();
    else if (step.kind === 'quit') onQuit(step.interrupted);
  }

  const { values, focus, cursor, status, askQuit } = view;
  const said = spoken
    ? spokenSetup({
        intro: [intro(config.configPath), demoNote()],
        fields: FIELDS.map((f) => ({ name: f.name, label: f.label, value: values[f.name], secret: f.secret === true })),
        focus,
        cursor,
        help: FIELDS[focus].help,
        keys: spokenKeys(),
        question: askQuit ? quitQuestion(', ') : null,
        checking: status.kind === 'checking',
        problems: status.kind === 'failed' ? status.problems.map((p) => p.text) : [],
      })
    : null;
  useEffect(() => {
    if (said) writer.current?.update(said);
  });
  if (spoken) return null;
  return (
    <TextCursorScope>
      <Box flexDirection="column" width={width} height={height} overflowY="hidden" paddingX={1}>
        <Text bold color={theme.accent}>
          sitedeck — set up a profile
        </Text>
        <Text color={theme.muted} wrap="wrap">
          {intro(config.configPath)}
        </Text>
        <Text color={theme.muted} wrap="wrap">
          {demoNote()}
        </Text>
        <Text> </Text>
        {FIELDS.map((f, i) => (
          <SetupField key={f.name} field={f} value={values[f.name]} cursor={i === focus ? cursor : null} width={width} />
        ))}
        <Text> </Text>
        <SetupNotes help={FIELDS[focus].help} askQuit={askQuit} status={status} />
      </Box>
    </TextCursorScope>
  );
}

const intro = (configPath: string) =>
  'Nothing is configured yet. Give both hosts and the API key: sitedeck checks each host with one list call, ' +
  `then saves the profile to ${sanitize(configPath)}.`;
const demoNote = () =>
  `To look around first, quit (${keyOf('form.cancel')}) and run \`sitedeck --demo\`: sample data, nothing saved. ` +
  'This screen comes back whenever `sitedeck` starts without a complete profile.';
const spokenKeys = () =>
  `${keysOf('form.next').join(', ')} or ${keyOf('form.prev')} move between fields, ` +
  `${keyOf('form.enter')} on the last field (or ${keyOf('form.save')}) checks and saves, ${keyOf('form.cancel')} quits (asks if you typed)`;
const quitQuestion = (gap: string) =>
  `Quit without saving? What you typed here (URLs, key) is not kept. ${keyOf('confirm.yes')} quits${gap}any other key goes back`;

/** One field's line: its label, and its value in the one text field (a secret masked), with the cursor where it is focused. */
function SetupField({
  field: f,
  value,
  cursor,
  width,
}: {
  field: (typeof FIELDS)[number];
  value: string;
  /** The cursor when this field has the focus, else null. */
  cursor: number | null;
  width: number;
}) {
  const theme = useTheme();
  const focused = cursor !== null;
  const fieldWidth = Math.max(10, Math.min(70, width - 22));
  // Unfocused, a key shows only its ends (maskKey); focused, one dot a character, as it is typed.
  const shown =
    f.secret && !focused ? (
      <Text>{fit(maskKey(value), fieldWidth)}</Text>
    ) : (
      <TextField value={value} cursor={cursor} mask={f.secret ? '•' : undefined} width={fieldWidth} />
    );
  return (
    <Box>
      <Text wrap="truncate">
        <Text color={focused ? theme.accent : undefined} bold={focused}>
          {focused ? `${GLYPHS.selected} ` : '  '}
          {fit(f.label, 15)}
        </Text>
      </Text>
      <Box>{shown}</Box>
    </Box>
  );
}

/** Under the fields: the focused field's help, the keys, the question before quitting, and the check's state or problems. */
function SetupNotes({ help, askQuit, status }: { help: string; askQuit: boolean; status: SetupView['status'] }) {
  const theme = useTheme();
  return (
    <>
      <Box paddingLeft={2}>
        <Text color={theme.muted} wrap="wrap">
          {help}
        </Text>
      </Box>
      <Box paddingLeft={2}>
        <Text color={theme.muted} wrap="wrap">
          {`${keysOf('form.next').join('/')} move · ${keyOf('form.enter')} on the last field (or ${keyOf('form.save')}) checks and saves · ` +
            `${keyOf('form.cancel')} quits (asks if you typed)`}
        </Text>
      </Box>
      {askQuit ? (
        <Box paddingLeft={2}>
          <Text color={theme.warn} bold wrap="wrap">
            {quitQuestion(' · ')}
          </Text>
        </Box>
      ) : null}
      {status.kind === 'checking' ? <Text color={theme.accent}> Checking both hosts…</Text> : null}
      {status.kind === 'failed'
        ? status.problems.map((p, i) => (
            <Box key={i} paddingLeft={2}>
              <Text color={theme.danger} wrap="wrap">
                {`${GLYPHS.failed} ${sanitize(p.text)}`}
              </Text>
            </Box>
          ))
        : null}
    </>
  );
}
