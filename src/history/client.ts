// A client that records the score history of every report it reads (list, get, create, re-run)
// and forgets a report once it is deleted. The deck and the commands wrap theirs the same way.
import type { Client, ResourceClient } from '../api/types';
import type { HistoryStore } from './store';

export function withHistory(client: Client, history: HistoryStore): Client {
  if (!history.enabled) return client;
  const inner = client.reports;
  const reports: ResourceClient<'reports'> = {
    resource: 'reports',
    async list(query, opts) {
      const page = await inner.list(query, opts);
      history.observe(page.items);
      return page;
    },
    async get(id, opts) {
      const r = await inner.get(id, opts);
      history.observe([r]);
      return r;
    },
    async create(values, opts) {
      const r = await inner.create(values, opts);
      history.observe([r]);
      return r;
    },
    async update(id, changes, opts) {
      const r = await inner.update(id, changes, opts);
      history.observe([r]);
      return r;
    },
    async delete(id, opts) {
      const d = await inner.delete(id, opts);
      history.forget(id);
      return d;
    },
  };
  return {
    websites: client.websites,
    reports,
    resource: ((name) => (name === 'reports' ? reports : client.resource(name))) as Client['resource'],
    hosts: client.hosts,
    pacer: (host) => client.pacer(host),
    api: (host) => client.api(host),
  };
}
