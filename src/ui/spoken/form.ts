// A form as lines: its title, then each field as `Label: value`, the focused one with its state
// (`selected`; a two-way switch also `checked`), its place among the choices, its error and what it
// still needs, then its hint.
import { idText } from '../../domain';
import { resourceDef, type FieldDef } from '../../domain';
import { focusedField, formNeeds, isDirty, visibleFields, type FormState } from '../../state/formState';
import { sanitize } from '../../text/sanitize';
import { fieldHint } from '../components/Form';
import { joined, said, type SpokenLine } from './line';

/** A choice of two whose second means on (Disabled/Enabled, No/Yes): a switch that is checked or not. */
const isSwitch = (f: FieldDef) => f.kind === 'choice' && f.choices?.length === 2 && f.choices[0].value === 0 && f.choices[1].value === 1;

function valueText(form: FormState, f: FieldDef): string {
  const v = form.values[f.name];
  if (f.kind === 'choice') return sanitize(f.choices?.find((c) => c.value === Number(v))?.label ?? String(v));
  const text = String(v ?? '');
  if (f.kind === 'secret') {
    if (text) return `${Array.from(text).length} characters typed`;
    return form.op === 'update' ? (form.stored.secretSet === false ? 'none set' : 'unchanged') : 'empty';
  }
  if (!text && f.writeOnly && form.op === 'update') return 'not returned, empty keeps them';
  return text ? sanitize(text) : 'empty';
}

export function spokenForm(form: FormState): SpokenLine[] {
  const def = resourceDef(form.tab);
  const title = form.op === 'create' ? `New ${def.singular}` : `Edit ${def.singular} ${sanitize(form.name)}, id ${idText(form.id!)}`;
  const lines: SpokenLine[] = [said(joined([title, isDirty(form) ? 'unsaved edits' : null, form.submitting ? 'saving' : null]))];
  const nameField = def.fields.find((f) => f.name === def.nameField);
  if (form.op === 'update' && nameField) lines.push(said(`${nameField.label}: ${sanitize(form.name)}, fixed`));
  const needs = formNeeds(form);
  const focus = focusedField(form);
  for (const f of visibleFields(form)) {
    const focused = f === focus;
    const value = valueText(form, f);
    const choices = f.choices ?? [];
    const at = choices.findIndex((c) => c.value === Number(form.values[f.name]));
    const place = focused && f.kind === 'choice' && at >= 0 ? `choice ${at + 1} of ${choices.length}` : null;
    const state = focused ? (isSwitch(f) ? { selected: true, checked: Number(form.values[f.name]) === 1 } : { selected: true }) : undefined;
    lines.push(said(joined([`${f.label}: ${value}`, place]), state));
    const errs = form.errors[f.name];
    if (errs?.length) lines.push(said(`error in ${f.label}: ${sanitize(errs.join(' '))}`));
    else if (needs[f.name]?.length) lines.push(said(`${f.label} needs: ${sanitize(needs[f.name].join(' '))}`));
  }
  for (const [k, msgs] of Object.entries(form.errors)) {
    if (!visibleFields(form).some((f) => f.name === k)) lines.push(said(`error in ${sanitize(k)}: ${sanitize(msgs.join(' '))}`));
  }
  if (focus) lines.push(said(`hint: ${fieldHint(focus)}`));
  return lines;
}

/** A typed field of the setup screen, for a reader: its label and value; a secret by its length only. */
export function spokenEntry(label: string, value: string, secret: boolean): string {
  if (!value) return `${label}: empty`;
  return secret ? `${label}: ${Array.from(value).length} characters typed` : `${label}: ${sanitize(value)}`;
}
