import {
  createDefaults,
  isSecretField,
  normaliseLines,
  resourceDef,
  secretMissing,
  secretRequiredMessage,
  storedState,
  validateWrite,
  writableFields,
  type FieldDef,
  type FieldErrors,
  type StoredState,
  type WriteOp,
  type WriteValues,
} from '../domain';
import { atEnd, editText, insertText, type TextOp } from './textEdit';
import type { AnyRecord, TabName } from './tabs';
import type { RecordId } from '../domain';
import { fieldsOf } from '../domain';

/** A create or edit form: values as typed, what they started as, focus, errors. */
export interface FormState {
  tab: TabName;
  op: WriteOp;
  id: RecordId | null;
  /** Domain or URL of the record being edited (read-only on edit). */
  name: string;
  values: Record<string, string | number>;
  initial: Record<string, string | number>;
  /** Name of the focused field. */
  focus: string;
  /** Where the cursor stands in the focused text field, in characters. */
  cursor: number;
  errors: FieldErrors;
  /** A save is in flight: further saves are ignored so a create is never sent twice. */
  submitting: boolean;
  /** What the edited record says of itself (is a password set?): the rules need it. */
  stored: StoredState;
}

export type FormValue = string | number;

/** Lines fields are edited on one line, comma separated; sent one per line. */
function linesForEditing(v: unknown): string {
  return typeof v === 'string' ? v.split(/\r?\n/).filter(Boolean).join(', ') : '';
}

function initialValue(f: FieldDef, record: AnyRecord | null): FormValue {
  if (f.kind === 'choice') {
    const v = record ? fieldsOf(record)[f.name] : undefined;
    if (typeof v === 'number' && f.choices?.some((c) => c.value === v)) return v;
    // An update never sends an untouched field, so this stand-in is only ever shown.
    if (!record && f.createDefault !== undefined) return f.createDefault;
    return f.choices?.[0]?.value ?? 0;
  }
  if (f.kind === 'lines') return record ? linesForEditing(fieldsOf(record)[f.name]) : '';
  if (f.kind === 'text') return record ? String(fieldsOf(record)[f.name] ?? '') : '';
  // Secrets are never returned.
  return '';
}

export function openForm(tab: TabName, op: WriteOp, record: AnyRecord | null): FormState {
  const def = resourceDef(tab);
  const fields = writableFields(def, op);
  const values: Record<string, FormValue> = {};
  const defaults = op === 'create' ? createDefaults(def) : {};
  for (const f of fields) values[f.name] = defaults[f.name] ?? initialValue(f, op === 'update' ? record : null);
  const name = record ? String(fieldsOf(record)[def.nameField] ?? '') : '';
  return {
    tab,
    op,
    id: op === 'update' && record ? record.id : null,
    name,
    values,
    initial: { ...values },
    focus: fields[0]?.name ?? '',
    cursor: fields[0]?.kind === 'choice' ? 0 : Array.from(String(values[fields[0]?.name ?? ''] ?? '')).length,
    errors: {},
    submitting: false,
    stored: op === 'update' && record ? storedState(def, record) : { secretSet: null },
  };
}

/** Fields shown right now: a password only while privacy is Password. */
export function visibleFields(form: FormState): readonly FieldDef[] {
  return writableFields(resourceDef(form.tab), form.op).filter((f) => !f.onlyWhen || Number(form.values[f.onlyWhen.field]) === f.onlyWhen.equals);
}

export function focusedField(form: FormState): FieldDef | undefined {
  return visibleFields(form).find((f) => f.name === form.focus);
}

function sameValue(f: FieldDef, a: FormValue | undefined, b: FormValue | undefined): boolean {
  if (f.kind === 'lines') return normaliseLines(String(a ?? '')) === normaliseLines(String(b ?? ''));
  return String(a ?? '') === String(b ?? '');
}

export function changedFields(form: FormState): string[] {
  return visibleFields(form)
    .filter((f) => !sameValue(f, form.values[f.name], form.initial[f.name]))
    .map((f) => f.name);
}

export function isDirty(form: FormState): boolean {
  return writableFields(resourceDef(form.tab), form.op).some((f) => !sameValue(f, form.values[f.name], form.initial[f.name]));
}

export function isLastField(form: FormState): boolean {
  const fields = visibleFields(form);
  return fields[fields.length - 1]?.name === form.focus;
}

export function moveFocus(form: FormState, delta: number): FormState {
  const fields = visibleFields(form);
  if (!fields.length) return form;
  const at = Math.max(
    0,
    fields.findIndex((f) => f.name === form.focus),
  );
  const next = fields[(at + delta + fields.length) % fields.length];
  return focusOn(form, next.name);
}

/** The focus on field `name`, its cursor at the end of what it holds. */
function focusOn(form: FormState, name: string): FormState {
  const textual = isTextual(visibleFields(form).find((f) => f.name === name));
  return { ...form, focus: name, cursor: textual ? atEnd(String(form.values[name] ?? '')).cursor : 0 };
}

const isTextual = (f: FieldDef | undefined) => f?.kind === 'text' || f?.kind === 'lines' || f?.kind === 'secret';

function withValue(form: FormState, name: string, value: FormValue): FormState {
  const errors = { ...form.errors };
  delete errors[name];
  return { ...form, values: { ...form.values, [name]: value }, errors };
}

/** Types (or pastes) into the focused text field at the cursor, or cycles the focused choice on Space. */
export function typeText(form: FormState, text: string): FormState {
  const f = focusedField(form);
  if (!f) return form;
  if (f.kind === 'choice') return text === ' ' ? cycleChoice(form, 1) : typeInChoice(form, text);
  if (!isTextual(f)) return form;
  // Pasted newlines separate values of a lines field; elsewhere they mean nothing.
  const lines = f.kind === 'lines' ? text.replace(/\r?\n/g, ', ') : text.replace(/[\r\n]/g, '');
  // A control character that arrived glued to text (Ctrl+U then a paste in one read) is not text.
  const clean = lines.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  const next = insertText({ value: String(form.values[f.name] ?? ''), cursor: form.cursor }, clean);
  return { ...withValue(form, f.name, next.value), cursor: next.cursor };
}

/** A key of the text field (a move, a deletion) in the focused text field, at its cursor. */
export function editField(form: FormState, op: TextOp): FormState {
  const f = focusedField(form);
  if (!isTextual(f)) return form;
  const value = String(form.values[f!.name] ?? '');
  const next = editText({ value, cursor: form.cursor }, op);
  return next.value === value ? { ...form, cursor: next.cursor } : { ...withValue(form, f!.name, next.value), cursor: next.cursor };
}

/** A whole value set at once ($EDITOR): a focused field's cursor goes to its end. */
export function setFieldValue(form: FormState, name: string, value: FormValue): FormState {
  const next = withValue(form, name, value);
  return name === form.focus ? { ...next, cursor: atEnd(String(value)).cursor } : next;
}

export function cycleChoice(form: FormState, dir: 1 | -1): FormState {
  const f = focusedField(form);
  if (!f || f.kind !== 'choice' || !f.choices?.length) return form;
  const at = f.choices.findIndex((c) => c.value === Number(form.values[f.name]));
  const next = f.choices[(at + dir + f.choices.length) % f.choices.length];
  return withValue(form, f.name, next.value);
}

/** Home/End on a choice field: its first or last value. */
export function endChoice(form: FormState, to: 'first' | 'last'): FormState {
  const f = focusedField(form);
  if (!f || f.kind !== 'choice' || !f.choices?.length) return form;
  return withValue(form, f.name, f.choices[to === 'first' ? 0 : f.choices.length - 1].value);
}

/** A letter on a choice field, as in the picker: the next value whose label begins with it (`b` again goes on to the next). */
function typeInChoice(form: FormState, text: string): FormState {
  const f = focusedField(form);
  const t = text.trim().toLowerCase();
  if (!f || f.kind !== 'choice' || !f.choices?.length || !t) return form;
  const at = f.choices.findIndex((c) => c.value === Number(form.values[f.name]));
  const n = f.choices.length;
  for (let i = 1; i <= n; i++) {
    const c = f.choices[(at + i) % n];
    if (c.label.toLowerCase().startsWith(t)) return withValue(form, f.name, c.value);
  }
  return form;
}

export type Submission =
  | { kind: 'send'; values: WriteValues; /** What sitedeck added to what was typed, said after the save. */ note?: string }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'unchanged' };

/**
 * What a save would send. Create: every shown field that has a value (defaults fill the rest).
 * Update: only the fields the user changed, so a never-returned field (exclude_params) is not wiped.
 */
export function formSubmission(form: FormState): Submission {
  const def = resourceDef(form.tab);
  const names = form.op === 'update' ? changedFields(form) : visibleFields(form).map((f) => f.name);
  const input: Record<string, unknown> = {};
  for (const f of visibleFields(form)) {
    if (!names.includes(f.name)) continue;
    const v = form.values[f.name];
    if (f.kind === 'choice') input[f.name] = Number(v);
    else if (f.kind === 'lines') {
      const lines = normaliseLines(String(v ?? ''));
      if (lines || form.op === 'update') input[f.name] = lines;
    } else if (String(v ?? '') !== '' || (form.op === 'update' && f.kind !== 'secret')) input[f.name] = String(v ?? '');
  }
  if (form.op === 'update' && Object.keys(input).length === 0) return { kind: 'unchanged' };
  // An address typed without its scheme (as the hosts store a report's URL) is taken as https://, and said.
  let note: string | undefined;
  for (const f of visibleFields(form)) {
    const v = input[f.name];
    if (f.check === 'webUrl' && typeof v === 'string' && v.trim() && !/^[a-z][a-z0-9+.-]*:\/\//i.test(v.trim())) {
      input[f.name] = `https://${v.trim()}`;
      note = `https:// added to the ${f.label}`;
    }
  }
  const checked = validateWrite(def, form.op, input, form.stored);
  return checked.ok ? { kind: 'send', values: checked.values, ...(note ? { note } : {}) } : { kind: 'invalid', errors: checked.errors };
}

/**
 * What the form still needs before a save can succeed, shown as the user edits (not as an error):
 * today a password when privacy is Password and none is typed nor stored.
 */
export function formNeeds(form: FormState): FieldErrors {
  const def = resourceDef(form.tab);
  const values: Record<string, unknown> = {};
  for (const f of visibleFields(form)) values[f.name] = f.kind === 'choice' ? Number(form.values[f.name]) : form.values[f.name];
  // An update sends privacy only when it changed: an untouched Password privacy needs nothing new.
  if (form.op === 'update' && !changedFields(form).some((n) => def.fields.find((f) => f.kind === 'secret')?.onlyWhen?.field === n)) return {};
  const pw = secretMissing(def, form.op, values, form.stored);
  return pw ? { [pw.name]: [secretRequiredMessage(def, pw)] } : {};
}

/** Errors set on the form, with the focus moved to the first field that has one. */
export function withErrors(form: FormState, errors: FieldErrors): FormState {
  const first = visibleFields(form).find((f) => errors[f.name]?.length);
  const next = { ...form, errors, submitting: false };
  return first && first.name !== form.focus ? focusOn(next, first.name) : next;
}

/**
 * What re-creating a deleted record sends: its fields as the create form would take them (the
 * form's own rules), or why it cannot (a field the host never returns, such as a password).
 */
export function recreateValues(tab: TabName, record: AnyRecord): Submission {
  const form = openForm(tab, 'create', null);
  const values = { ...form.values };
  const def = resourceDef(tab);
  for (const f of writableFields(def, 'create')) {
    // What the host never returns is not in the record: left to the create form's default (named by the undo).
    if (isSecretField(def, f.name)) continue;
    values[f.name] = initialValue(f, record);
  }
  return formSubmission({ ...form, values, stored: { secretSet: null } });
}
