// Both hosts' records plus the analysis run counter, with a snapshot form for the data file.

import { REPORTS, WEBSITES, type ResourceName } from '../domain';
import { Table, type Row } from './table';

export interface Snapshot {
  version: 1;
  runs: number;
  nextId: Record<ResourceName, number>;
  websites: Row[];
  reports: Row[];
}

export class Store {
  readonly websites = new Table(WEBSITES, 'domain');
  readonly reports = new Table(REPORTS);
  private runs = 0;

  /** A fresh analysis run number (re-analyses differ from the previous run). */
  nextRun(): number {
    return ++this.runs;
  }

  snapshot(): Snapshot {
    return {
      version: 1,
      runs: this.runs,
      nextId: { websites: this.websites.nextId, reports: this.reports.nextId },
      websites: this.websites.all(),
      reports: this.reports.all(),
    };
  }

  load(s: Snapshot): void {
    this.runs = Math.max(this.runs, s.runs ?? 0);
    this.websites.insertMany(s.websites ?? []);
    this.reports.insertMany(s.reports ?? []);
    this.websites.nextId = s.nextId?.websites ?? 1;
    this.reports.nextId = s.nextId?.reports ?? 1;
  }
}
