// A record named on the command line by id, or by its domain (websites) or URL (reports).
import { idText } from '../domain';
import type { ResourceClient } from '../api/types';
import { validateWrite, type ListQuery, type ResourceDef, type ResourceName } from '../domain';
import { nearest } from '../text/nearest';
import { excerpt, sanitize } from '../text/sanitize';
import { comparableName } from '../text/url';
import { EXIT } from './exitCodes';
import { CommandFailure } from './failure';
import { parseId } from './input';
import { asRow } from './format/cells';
import type { RecordId } from '../domain';

export { comparableName };

export type Target = { kind: 'id'; id: RecordId } | { kind: 'name'; name: string };

/**
 * Digits are an id (checked as before); anything else is a domain or URL to look up, refused before
 * any request unless the domain table's own rule accepts it as one (a URL may leave out its scheme).
 */
export function parseTarget(def: ResourceDef, raw: string | undefined): Target {
  const text = (raw ?? '').trim();
  if (/^[+-]?\d+$/.test(text) || !text) return { kind: 'id', id: parseId(raw ?? '') };
  const candidate = def.nameField === 'url' && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? `https://${text}` : text;
  const checked = validateWrite(def, 'create', { [def.nameField]: candidate });
  if (!checked.ok && checked.errors[def.nameField]) {
    const like = def.nameField === 'url' ? 'a URL like https://example.com/page' : 'a domain like example.com';
    throw new CommandFailure(EXIT.usage, [
      `give an id (a whole number from 1) or ${like} (got "${excerpt(text)}")`,
      `to find it: sitedeck ${def.name} list --search ${shellWord(text)}`,
    ]);
  }
  return { kind: 'name', name: text };
}

/** A word as a shell reads it back: bare when safe, else single-quoted. */
function shellWord(text: string): string {
  const clean = sanitize(text);
  return /^[\w./:@-]+$/.test(clean) ? clean : `'${clean.replace(/'/g, `'\\''`)}'`;
}

/** Pages of search results read before giving up (a name that matches that many is not a name). */
const MAX_RESOLVE_PAGES = 5;

/** A record found by the search: its id and its name field as text. */
interface Named {
  id: RecordId;
  name: string;
}

/**
 * The id of the one record whose name is `name`: the server's search narrows, an exact match
 * (as comparableName) decides. None → EXIT.notFound; several → EXIT.usage listing them.
 */
export async function resolveTarget(client: ResourceClient<ResourceName>, def: ResourceDef, target: Target, signal: AbortSignal): Promise<RecordId> {
  if (target.kind === 'id') return target.id;
  const wanted = comparableName(target.name);
  const searchBy = String(def.listParams.find((p) => p.name === 'search_by')?.choices?.[0]?.value ?? def.nameField);
  const hits: Named[] = [];
  const others: Named[] = [];
  for (let page = 1; page <= MAX_RESOLVE_PAGES; page++) {
    const query: ListQuery = { search: wanted, search_by: searchBy, per_page: 100, page };
    const res = await client.list(query, { signal });
    for (const r of res.items) {
      const named = { id: r.id, name: String(asRow(r)[def.nameField] ?? '') };
      (comparableName(named.name) === wanted ? hits : others).push(named);
    }
    if (res.items.length === 0 || page >= res.meta.lastPage) break;
    if (page === MAX_RESOLVE_PAGES) {
      throw new CommandFailure(EXIT.usage, `"${sanitize(target.name)}" matches more than ${MAX_RESOLVE_PAGES * 100} ${def.name} in the search: give the id`);
    }
  }
  if (hits.length === 1) return hits[0].id;
  const what = def.nameField === 'url' ? 'URL' : def.nameField;
  if (hits.length === 0) {
    // The search's near misses (it matches parts of names), nearest first; then where to look further.
    const names = others.map((r) => r.name);
    const near = [...new Set([...nearest(wanted, names, 5), ...names])].slice(0, 5);
    const byName = new Map(others.map((r) => [r.name, r.id]));
    throw new CommandFailure(EXIT.notFound, [
      `no ${def.singular} with the ${what} "${sanitize(target.name)}" (searched for "${sanitize(wanted)}")`,
      ...(near.length
        ? [`the search found ${near.length === 1 ? 'one like it' : 'these like it'}:`, ...near.map((n) => `  ${byName.get(n)}  ${sanitize(n)}`)]
        : []),
      `list them with: sitedeck ${def.name} list --search ${shellWord(wanted)}`,
    ]);
  }
  throw new CommandFailure(EXIT.usage, [
    `${hits.length} ${def.name} have the ${what} "${sanitize(target.name)}": give the id of one`,
    ...hits.map((r) => `  ${idText(r.id)}\t${sanitize(r.name)}`),
  ]);
}
