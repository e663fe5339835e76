// The state database's tables, as numbered steps: a database at step N gets N+1… in one
// transaction each, and records the last in `PRAGMA user_version`. A step is never edited once it
// has shipped; a change is a new step (test/files/database.test.ts proves a database of every
// earlier step reaches the last).

export interface Migration {
  /** The schema version the step leads to (1, 2, …, in order). */
  to: number;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    to: 1,
    sql: `
      -- The pacer's state of one host origin (a few hundred bytes of JSON): every sitedeck on the
      -- profile reserves its requests here, in one IMMEDIATE transaction each.
      CREATE TABLE pace (
        origin TEXT PRIMARY KEY,
        state TEXT NOT NULL,
        -- When it was last written (ms): a host unused for a day has nothing left to pace and goes.
        updated INTEGER NOT NULL
      ) WITHOUT ROWID;

      -- The score history: one row an analysis sitedeck has seen, by SEO server and report.
      CREATE TABLE analyses (
        host TEXT NOT NULL,
        report_id TEXT NOT NULL,
        generated_at TEXT NOT NULL,
        url TEXT NOT NULL,
        result REAL NOT NULL,
        -- The checks that failed, as a JSON list of names; NULL when the report came without its checks.
        failed TEXT,
        PRIMARY KEY (host, report_id, generated_at)
      ) WITHOUT ROWID;

      -- The SEO servers whose history is kept, by when each was last written (the oldest goes first).
      CREATE TABLE history_hosts (
        host TEXT PRIMARY KEY,
        used INTEGER NOT NULL
      ) WITHOUT ROWID;

      -- Earlier searches of \`/\`, oldest first by seq.
      CREATE TABLE searches (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        text TEXT NOT NULL UNIQUE
      );

      -- The JSON files of earlier versions read into the tables, each once.
      CREATE TABLE imported (
        name TEXT PRIMARY KEY,
        at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    to: 2,
    sql: `
      -- The journal of reports cover: one row a run, its plan and where it stands, so
      -- --resume goes on after an interrupt or a crash without sending an answered request again.
      CREATE TABLE cover_runs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        -- The SEO server's origin and the source as given (a URL, an absolute path, or -).
        host TEXT NOT NULL,
        source TEXT NOT NULL,
        site TEXT NOT NULL,
        -- The plan's counts as JSON (pages, with_report, other_hosts, gone, …), said again on resume.
        plan TEXT NOT NULL,
        started INTEGER NOT NULL,
        -- NULL while it has work left; when it was finished or set aside (ms).
        finished INTEGER
      );

      -- One request of a run, in the order it is sent. status: planned, sending (on the wire: a
      -- crash leaves it so, and a resume looks before sending it again), done, refused (422),
      -- failed, unknown (sent, answer lost). The answer is written with its status, in one transaction.
      CREATE TABLE cover_steps (
        run INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        url TEXT NOT NULL,
        report_id TEXT,
        status TEXT NOT NULL,
        detail TEXT,
        answered INTEGER,
        PRIMARY KEY (run, seq)
      ) WITHOUT ROWID;
    `,
  },
];

/** The version this sitedeck writes: the last step's. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].to;
