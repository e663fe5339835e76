// Where a host's order differs from the domain tables': the keys of a record as its API resource
// class writes them, and the fields of a write as its form request checks them (the order of a
// 422's field map). Facts of the hosts, kept so the emulator answers as they do; a field not named
// here follows the named ones in the table's order, so a new field needs no entry.
import type { ResourceName, WriteOp } from '../domain';

export interface HostOrder {
  readonly answer?: readonly string[];
  readonly rules?: Partial<Record<WriteOp, readonly string[]>>;
}

export const HOST_ORDER: Partial<Record<ResourceName, HostOrder>> = {
  // phpAnalytics' WebsiteResource and Store/UpdateWebsiteRequest.
  websites: {
    answer: ['domain', 'privacy', 'email', 'password'],
    rules: {
      create: ['domain', 'privacy', 'password', 'exclude_bots', 'exclude_params', 'exclude_ips', 'email'],
      update: ['privacy', 'password', 'exclude_bots', 'exclude_ips', 'exclude_params', 'email'],
    },
  },
  // phpRank's UpdateReportRequest checks the re-run first.
  reports: { rules: { update: ['results'] } },
};

/** `names` with those `first` lists first, in its order; the rest keep theirs. */
export function hostOrdered<T>(items: readonly T[], nameOf: (item: T) => string, first: readonly string[] = []): T[] {
  const rank = (item: T) => {
    const at = first.indexOf(nameOf(item));
    return at < 0 ? first.length : at;
  };
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.i - b.i)
    .map(({ item }) => item);
}
