// Where a cover's plan is worked out: the site's pages as they stream from the sitemap and every
// report of the site as each page of 100 arrives, in a scratch database (src/files/db/scratch.ts),
// not the heap, so a sitemap of 50 000 pages costs the same memory as one of 5 000. Each is kept
// by its URL as the SEO host stores it (src/domain/storedUrl.ts), indexed, and the plan is
// compared in SQL and read back a row at a time (./plan.ts).
import { idText, type RecordId } from '../../domain';
import { projectOf } from '../../domain/projects';
import { storedUrl } from '../../domain/storedUrl';
import { openScratchDatabase, type ScratchDatabase } from '../../files/db';

/** A report of the site as the plan keeps it: what the comparison and the re-run rule read. */
export interface KnownReport {
  id: RecordId;
  url: string;
  project?: string | null;
  generated_at: string | null;
}

const TABLES = `
  -- The site's pages, each once by its stored URL, in the order the source gave them.
  CREATE TABLE pages (seq INTEGER PRIMARY KEY, url TEXT NOT NULL, key TEXT NOT NULL UNIQUE);
  -- The newest report of each stored URL (at: generated_at in ms, NULL when it has none).
  CREATE TABLE newest (key TEXT PRIMARY KEY, id TEXT NOT NULL, url TEXT NOT NULL, at REAL) WITHOUT ROWID;
  -- The reports of the site whose page is not in the sitemap, in the order the host listed them.
  CREATE TABLE gone (seq INTEGER PRIMARY KEY, id TEXT NOT NULL, url TEXT NOT NULL);
`;

const timeOf = (generatedAt: string | null | undefined) => (generatedAt ? Date.parse(generatedAt) : NaN);

export class PlanStore {
  private readonly scratch: ScratchDatabase = openScratchDatabase(TABLES);
  private readonly q = {
    hasPage: this.scratch.db.prepare('SELECT 1 FROM pages WHERE key = ?'),
    addPage: this.scratch.db.prepare('INSERT INTO pages (url, key) VALUES (?, ?)'),
    newest: this.scratch.db.prepare('SELECT at FROM newest WHERE key = ?'),
    setNewest: this.scratch.db.prepare('INSERT OR REPLACE INTO newest (key, id, url, at) VALUES (?, ?, ?, ?)'),
    addGone: this.scratch.db.prepare('INSERT INTO gone (id, url) VALUES (?, ?)'),
  };
  /** Pages kept. */
  size = 0;

  get db() {
    return this.scratch.db;
  }

  has(key: string): boolean {
    return this.q.hasPage.get(key) !== undefined;
  }

  /** A page not kept yet (`has` said so). */
  add(key: string, page: string): void {
    this.q.addPage.run(page, key);
    this.size++;
  }

  /**
   * A report of the site, in the order the host lists them: it becomes its page's newest unless one
   * kept is at least as new (a report never analysed is older than any), and is counted gone when
   * it is of `site` and its page is not in the sitemap. Every page is added before the first report.
   */
  addReport(r: KnownReport, site: string): void {
    const key = storedUrl(r.url);
    const had = this.q.newest.get(key) as { at: number | null } | undefined;
    const at = timeOf(r.generated_at);
    if (!had || !((had.at ?? NaN) >= at)) this.q.setNewest.run(key, idText(r.id), r.url, Number.isNaN(at) ? null : at);
    if (projectOf({ project: r.project ?? '', url: r.url }) === site && !this.has(key)) this.q.addGone.run(idText(r.id), r.url);
  }

  close(): void {
    this.scratch.close();
  }
}
