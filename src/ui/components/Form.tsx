import { Box, Text } from 'ink';
import { choiceLabel, resourceDef } from '../../domain';
import { focusedField, isDirty, visibleFields, type FormState } from '../../state/formState';
import { sanitize } from '../../text/sanitize';
import { fit, fitEnd } from '../text';
import { GLYPHS, useTheme } from '../theme';

const LABEL = 16;

function shownValue(form: FormState, name: string, kind: string, focused: boolean): string {
  const v = String(form.values[name] ?? '');
  // An edit never shows the stored password; empty means "leave it as it is".
  if (kind === 'secret') return !v && !focused && form.op === 'update' ? '(unchanged)' : '•'.repeat(Array.from(v).length);
  return sanitize(v);
}

/** A create or edit form from the domain table; server and client errors sit next to their field. */
export function Form({ form, width, height }: { form: FormState; width: number; height: number }) {
  const theme = useTheme();
  const def = resourceDef(form.tab);
  const fields = visibleFields(form);
  const focus = focusedField(form);
  const title = form.op === 'create' ? `New ${def.singular}` : `Edit ${def.singular} ${sanitize(form.name)}`;
  const valueWidth = Math.max(10, Math.min(50, width - LABEL - 6));
  const nameField = def.fields.find((f) => f.name === def.nameField);
  // Errors the server sent for fields the form does not show (e.g. a read-only one).
  const stray = Object.entries(form.errors).filter(([k]) => !fields.some((f) => f.name === k));
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden" paddingLeft={1}>
      <Text bold color={theme.accent} wrap="truncate">
        {title}
        {isDirty(form) ? ' •' : ''}
        {form.submitting ? '  saving…' : ''}
      </Text>
      {form.op === 'update' && nameField ? (
        <Text wrap="truncate" color={theme.muted}>
          {'  '}
          {fit(nameField.label, LABEL)}
          {sanitize(form.name)} (cannot be changed)
        </Text>
      ) : null}
      {fields.map((f) => {
        const focused = f.name === form.focus;
        const errs = form.errors[f.name];
        let value: string;
        if (f.kind === 'choice') value = `‹ ${choiceLabel(f, Number(form.values[f.name]))} ›`;
        else value = shownValue(form, f.name, f.kind, focused) + (focused ? '▏' : '');
        return (
          <Box key={f.name} flexDirection="column">
            <Text wrap="truncate">
              <Text color={focused ? theme.accent : undefined} bold={focused}>
                {focused ? `${GLYPHS.selected} ` : '  '}
                {fit(f.label, LABEL)}
              </Text>
              <Text inverse={focused && f.kind !== 'choice'} underline={!focused && f.kind !== 'choice'}>
                {f.kind === 'choice' ? value : focused ? fitEnd(value, valueWidth) : fit(value, valueWidth)}
              </Text>
            </Text>
            {errs?.length ? (
              <Text wrap="truncate" color={theme.danger}>
                {' '.repeat(LABEL + 2)}
                {`${GLYPHS.failed} ${sanitize(errs.join(' '))}`}
              </Text>
            ) : null}
          </Box>
        );
      })}
      {stray.map(([k, msgs]) => (
        <Text key={k} wrap="truncate" color={theme.danger}>
          {'  '}
          {GLYPHS.failed} {sanitize(k)}: {sanitize(msgs.join(' '))}
        </Text>
      ))}
      <Text> </Text>
      {focus ? (
        <Text wrap="truncate" color={theme.muted}>
          {'  '}
          {focus.help}
          {focus.kind === 'lines' ? ' — separate with commas or spaces; Ctrl+E opens $EDITOR' : ''}
        </Text>
      ) : null}
      <Text wrap="truncate" color={theme.muted}>
        {'  Tab/↑↓ move · ←→/Space choose · Ctrl+S or Enter on the last field saves · Esc cancels'}
      </Text>
    </Box>
  );
}
