import { Box, Text } from 'ink';
import { choiceLabel, resourceDef } from '../../domain';
import { focusedField, formNeeds, isDirty, visibleFields, type FormState } from '../../state/formState';
import type { FieldDef } from '../../domain';
import { sanitize } from '../../text/sanitize';
import { fit, fitEnd } from '../text';
import { GLYPHS, useTheme } from '../theme';

const LABEL = 16;

function shownValue(form: FormState, f: FieldDef, focused: boolean): string {
  const v = String(form.values[f.name] ?? '');
  // An edit never shows the stored password; empty means "leave it as it is".
  if (f.kind === 'secret') {
    if (v || focused || form.op !== 'update') return '•'.repeat(Array.from(v).length);
    return form.stored.secretSet === false ? '(none set)' : '(unchanged)';
  }
  // The server never returns a write-only field: empty here does not mean there are none.
  if (!v && !focused && f.writeOnly && form.op === 'update') return '(not returned: empty keeps them)';
  return sanitize(v);
}

/** What the focused field's hint line says, after the table's help. */
export function fieldHint(f: FieldDef): string {
  const parts = [f.help];
  if (f.writeOnly) parts.push('not returned by the server: empty keeps them, anything typed replaces them');
  if (f.kind === 'lines') parts.push('several: commas or spaces between them, or Ctrl+E for one per line in $EDITOR; Enter does not save here');
  return parts.join(' · ');
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
  const needs = formNeeds(form);
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
        const need = errs?.length ? undefined : needs[f.name];
        let value: string;
        if (f.kind === 'choice') value = `‹ ${choiceLabel(f, Number(form.values[f.name]))} ›`;
        else value = shownValue(form, f, focused) + (focused ? '▏' : '');
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
            {need?.length ? (
              <Text wrap="truncate" color={theme.warn}>
                {' '.repeat(LABEL + 2)}
                {`! ${sanitize(need.join(' '))}`}
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
        <Box paddingLeft={2}>
          <Text wrap="wrap" color={theme.muted}>
            {fieldHint(focus)}
          </Text>
        </Box>
      ) : null}
      <Text wrap="truncate" color={theme.muted}>
        {'  Tab/↑↓ move · ←→/Space choose · Ctrl+S or Enter on the last field saves · Esc cancels'}
      </Text>
    </Box>
  );
}
