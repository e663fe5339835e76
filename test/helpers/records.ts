import type { Page, Report, Website } from '../../src/domain';
import type { AnyRecord } from '../../src/state/types';

export function website(id: number, over: Partial<Website> = {}): Website {
  return {
    id,
    domain: `site${id}.example.com`,
    privacy: 1,
    password: false,
    email: 0,
    exclude_bots: 1,
    exclude_ips: null,
    created_at: '2024-10-13T13:09:15.000000Z',
    updated_at: '2024-10-13T13:09:15.000000Z',
    extra: {},
    ...over,
  };
}

export function report(id: number, over: Partial<Report> = {}): Report {
  return {
    id,
    url: `https://proj${id % 3}.example.com/page-${id}`,
    project: `proj${id % 3}.example.com`,
    result: 87,
    result_class: 'good',
    privacy: 0,
    password: false,
    checks: [],
    generated_at: '2024-10-13T13:09:15.000000Z',
    created_at: '2024-10-13T13:09:15.000000Z',
    updated_at: '2024-10-13T13:09:15.000000Z',
    extra: {},
    ...over,
  };
}

export function pageOf<T extends AnyRecord>(items: T[], meta: Partial<Page<T>['meta']> = {}): Page<AnyRecord> {
  return { items, meta: { page: 1, lastPage: 3, perPage: 10, total: 27, from: 1, to: items.length, ...meta } };
}
