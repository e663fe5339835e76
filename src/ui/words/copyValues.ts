// What `y` and `Y` copy from a record: its name (a website's domain, a report's URL: what `/` finds
// it by), its link, its id, or the whole record as JSON. A name or link that is not a web address
// (a `javascript:` URL, a host starting with "-") is refused for both, as `o` refuses it; the
// clipboard code cleans whatever is copied of control characters (src/ui/outside/clipboard.ts).
import { inertJsonText } from '../../text/json';
import { linkOf, recordName } from '../../state/selectors';
import type { AnyRecord, TabName } from '../../state/types';

/** The values `Y` offers, in the order offered; `y` copies the name. */
export const COPY_VALUES = ['id', 'name', 'link', 'json'] as const;
export type CopyValue = (typeof COPY_VALUES)[number];

export const isCopyValue = (word: string): word is CopyValue => (COPY_VALUES as readonly string[]).includes(word);

export type Copyable = { ok: true; text: string } | { ok: false; why: string };

export function copyValue(tab: TabName, record: AnyRecord, what: CopyValue): Copyable {
  switch (what) {
    case 'id':
      return { ok: true, text: String(record.id) };
    case 'json':
      // One line: the clipboard takes one line (src/text/sanitize.ts cleanForUse), and a terminal acts on nothing in it.
      return { ok: true, text: inertJsonText(record) };
    case 'name':
    case 'link': {
      const link = linkOf(tab, record);
      if (!link.ok) return { ok: false, why: link.why };
      return { ok: true, text: what === 'link' ? link.link : recordName(tab, record).trim() };
    }
  }
}
