// JSON text of any value a server sent, however deep. JSON.parse reads thousands of levels, but
// JSON.stringify recurses and throws "Maximum call stack size exceeded" past ~4 500 of them: the
// same text is then written without recursion. Output is what JSON.stringify would write.

/** A value as JSON text (like JSON.stringify(value, null, indent)), never overflowing the stack. */
export function jsonText(value: unknown, indent = 0): string {
  try {
    return JSON.stringify(value, null, indent);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return flatStringify(value, indent);
  }
}

// JSON.stringify escapes C0 controls (ESC becomes \u001b) but leaves C1 controls, bidi overrides
// and line separators raw, which a terminal would act on. Escaping them too keeps the text exact
// JSON with the same strings, and inert wherever it is shown or pasted.
const RAW_IN_JSON = /[\u0080-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** jsonText with every character a terminal would act on escaped (--json, a record copied as JSON). */
export function inertJsonText(value: unknown, indent = 0): string {
  return jsonText(value, indent).replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

type Frame = { kind: 'array'; items: readonly unknown[]; i: number; pad: string } | { kind: 'object'; entries: [string, unknown][]; i: number; pad: string };

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

function prepared(v: unknown): unknown {
  const withToJson = v as { toJSON?: () => unknown } | null;
  return withToJson && typeof withToJson === 'object' && typeof withToJson.toJSON === 'function' ? withToJson.toJSON() : v;
}

/** The same text without recursion (exported for tests comparing it with JSON.stringify). */
export function flatStringify(root: unknown, indent: number): string {
  const step = ' '.repeat(Math.min(10, Math.max(0, indent)));
  const out: string[] = [];
  const stack: Frame[] = [];
  // Writes a scalar, or opens a container (pushing its frame).
  const open = (raw: unknown, pad: string) => {
    const v = prepared(raw);
    if (v === null || typeof v !== 'object') {
      out.push(skipped(v) ? 'null' : (JSON.stringify(v) ?? 'null'));
      return;
    }
    if (Array.isArray(v)) {
      out.push('[');
      stack.push({ kind: 'array', items: v, i: 0, pad });
    } else {
      out.push('{');
      stack.push({ kind: 'object', entries: Object.entries(v).filter(([, x]) => !skipped(prepared(x))), i: 0, pad });
    }
  };
  const nl = step ? '\n' : '';
  open(root, '');
  while (stack.length) {
    const f = stack[stack.length - 1];
    const inner = f.pad + step;
    const size = f.kind === 'array' ? f.items.length : f.entries.length;
    if (f.i >= size) {
      stack.pop();
      out.push(size ? `${nl}${f.pad}${f.kind === 'array' ? ']' : '}'}` : f.kind === 'array' ? ']' : '}');
      continue;
    }
    out.push(`${f.i ? ',' : ''}${nl}${inner}`);
    if (f.kind === 'array') open(f.items[f.i++], inner);
    else {
      const [k, v] = f.entries[f.i++];
      out.push(`${JSON.stringify(k)}:${step ? ' ' : ''}`);
      open(v, inner);
    }
  }
  return out.join('');
}
