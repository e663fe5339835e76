import { idText } from '../../domain';
import { Box, Text } from 'ink';
import { resourceDef } from '../../domain';
import { focusedField, formNeeds, isDirty, visibleFields, type FormState } from '../../state/formState';
import type { FieldDef } from '../../domain';
import { shortUrl } from '../../text/url';
import { sanitize } from '../../text/sanitize';
import { bounded, fit } from '../words/text';
import { ChoiceField, fieldTheme, TextField } from './fields';
import { GLYPHS, useTheme } from '../themes/theme';
import { keyOf, keysOf } from '../keys/keyWords';

const LABEL = 16;

/** Said in place of an empty field while it is not focused, when empty means something. */
function placeholderOf(form: FormState, f: FieldDef): string | undefined {
  if (form.op !== 'update') return undefined;
  // An edit never shows the stored password; empty means "leave it as it is".
  if (f.kind === 'secret') return form.stored.secretSet === false ? '(none set)' : '(unchanged)';
  // The server never returns a write-only field: empty here does not mean there are none.
  if (f.writeOnly) return '(not returned: empty keeps them)';
  return undefined;
}

/** What the focused field's hint line says, after the table's help. */
export function fieldHint(f: FieldDef): string {
  const parts = [f.help];
  // The table's help already says the server never returns it; the hint adds what that means here.
  if (f.writeOnly) parts.push('empty keeps them, anything typed replaces them');
  if (f.kind === 'lines')
    parts.push(`several: commas or spaces between them, or ${keyOf('form.editor')} for one per line in $EDITOR; ${keyOf('form.enter')} does not save here`);
  return parts.join(' · ');
}

/** A create or edit form from the domain table; server and client errors sit next to their field. */
export function Form({ form, width, height }: { form: FormState; width: number; height: number }) {
  const theme = useTheme();
  const ft = fieldTheme(theme);
  const def = resourceDef(form.tab);
  const fields = visibleFields(form);
  const focus = focusedField(form);
  const title =
    form.op === 'create' ? `New ${def.singular}` : `Edit ${def.singular} ${shortUrl(sanitize(form.name), Math.max(12, width - 30))} (id ${idText(form.id!)})`;
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
          {sanitize(form.name)} (fixed: to change it, delete and re-add)
        </Text>
      ) : null}
      {fields.map((f) => {
        const focused = f.name === form.focus;
        const errs = form.errors[f.name];
        const need = errs?.length ? undefined : needs[f.name];
        return (
          <Box key={f.name} flexDirection="column">
            <Box height={f.kind === 'choice' && focused ? (f.choices?.length ?? 1) : 1} overflowY="hidden">
              <Box width={LABEL + 2} flexShrink={0}>
                <Text {...ft.label(focused)} wrap="truncate">
                  {focused ? `${GLYPHS.selected} ` : '  '}
                  {fit(f.label, LABEL)}
                </Text>
              </Box>
              {f.kind === 'choice' ? (
                <ChoiceField choices={f.choices ?? []} value={Number(form.values[f.name])} focused={focused} />
              ) : (
                <TextField
                  value={String(form.values[f.name] ?? '')}
                  cursor={focused ? form.cursor : null}
                  mask={f.kind === 'secret' ? '•' : undefined}
                  placeholder={placeholderOf(form, f)}
                  width={valueWidth}
                />
              )}
            </Box>
            {errs?.length ? (
              <Box paddingLeft={LABEL + 2}>
                <Text wrap="wrap" color={theme.danger}>{`${GLYPHS.failed} ${bounded(sanitize(errs.join(' ')), 300)}`}</Text>
              </Box>
            ) : null}
            {need?.length ? (
              <Box paddingLeft={LABEL + 2}>
                <Text wrap="wrap" color={theme.warn}>{`! ${sanitize(need.join(' '))}`}</Text>
              </Box>
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
        {`  ${keysOf('form.next').join('/')} fields · ` +
          `${keyOf('text.left')}${keyOf('text.right')} ${keyOf('text.home')} ${keyOf('text.end')}: cursor or choice · ` +
          `${keyOf('form.save')} saves · ${keyOf('form.cancel')} cancels`}
      </Text>
    </Box>
  );
}
