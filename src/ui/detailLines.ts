import { choiceLabel, IMPORTANCE_ORDER, resourceDef, type Check, type Report, type ResultClass } from '../domain';
import { recordName, resultClassOf, scoreLabel } from '../state/selectors';
import type { AnyRecord, TabName } from '../state/types';
import { sanitize } from '../text/sanitize';
import { GLYPHS } from './theme';
import { bounded, shortDate } from './text';

/** One line of the detail pane: a label column and a value, with a tone for colour. */
export interface DetailLine {
  label?: string;
  text: string;
  tone?: 'title' | 'muted' | 'ok' | 'bad' | ResultClass;
}

const importanceRank = (c: Check) => IMPORTANCE_ORDER.indexOf(c.importance);

/** Failed checks first (most important first), then passed ones. */
export function orderedChecks(checks: readonly Check[]): { failed: Check[]; passed: Check[] } {
  const sorted = [...checks].sort((a, b) => importanceRank(a) - importanceRank(b));
  return { failed: sorted.filter((c) => !c.passed), passed: sorted.filter((c) => c.passed) };
}

function extraValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'object') {
    try {
      return sanitize(JSON.stringify(v));
    } catch {
      return '[object]';
    }
  }
  return sanitize(String(v));
}

/** Every field of a record, labelled from the domain table, then unknown extras, then checks. */
export function detailLines(tab: TabName, record: AnyRecord): DetailLine[] {
  const def = resourceDef(tab);
  const rec = record as unknown as Record<string, unknown>;
  const lines: DetailLine[] = [
    { text: bounded(sanitize(recordName(tab, record))), tone: 'title' },
    { text: `id ${record.id} · created ${shortDate(record.created_at)}`, tone: 'muted' },
  ];
  for (const f of def.fields) {
    if (f.kind === 'id' || f.name === def.nameField || f.kind === 'checks' || f.name === 'created_at') continue;
    // An update-only switch (re-run) is an action, not a property.
    if (!f.ops.includes('create') && f.ops.includes('update')) continue;
    const v = rec[f.name];
    let text: string;
    let tone: DetailLine['tone'];
    switch (f.kind) {
      case 'choice':
        text = sanitize(choiceLabel(f, v));
        break;
      case 'secret':
        text = v === true ? 'set' : v === false ? 'not set' : '—';
        break;
      case 'lines':
        text = f.writeOnly ? '(never returned by the server)' : typeof v === 'string' && v.trim() ? sanitize(v.split(/\r?\n/).filter(Boolean).join(', ')) : '—';
        if (f.writeOnly) tone = 'muted';
        break;
      case 'score': {
        const r = record as Report;
        const cls = resultClassOf(r);
        text = scoreLabel(r.result, cls);
        tone = cls ?? undefined;
        break;
      }
      case 'date':
        text = shortDate(v);
        break;
      default:
        text = v === null || v === undefined || v === '' ? '—' : sanitize(v);
    }
    lines.push({ label: f.label, text: bounded(text), tone });
  }
  for (const [k, v] of Object.entries(record.extra ?? {})) lines.push({ label: bounded(sanitize(k), 60), text: bounded(extraValue(v)), tone: 'muted' });
  if (tab === 'reports') {
    const { failed, passed } = orderedChecks((record as Report).checks ?? []);
    if (failed.length + passed.length) {
      lines.push({ text: '' }, { text: `Failed checks (${failed.length})`, tone: 'title' });
      for (const c of failed) lines.push({ label: `${GLYPHS.failed} ${sanitize(c.label)}`, text: c.importance, tone: 'bad' });
      lines.push({ text: `Passed checks (${passed.length})`, tone: 'title' });
      for (const c of passed) lines.push({ label: `${GLYPHS.passed} ${sanitize(c.label)}`, text: c.importance, tone: 'ok' });
    }
  }
  return lines;
}
