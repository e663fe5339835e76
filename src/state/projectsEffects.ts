// Feeds the Projects view: when the state asks for a read (projects.requestId moves), every report
// is read through the host's pacer and folded into rows, each page dispatched as it arrives.
// A newer read or stop() aborts the one under way.
import type { Client } from '../api/types';
import { errorText, isAbort } from './errorText';
import { readProjects } from './projectsRead';
import type { Store } from './store';

export interface ProjectsEffects {
  stop(): void;
}

export function startProjectsEffects({ client, store }: { client: Client; store: Store }): ProjectsEffects {
  let running = 0;
  let controller: AbortController | null = null;
  const check = () => {
    const p = store.getState().projects;
    if (p.status !== 'loading' || p.requestId === running) return;
    running = p.requestId;
    controller?.abort();
    const ctl = new AbortController();
    controller = ctl;
    const requestId = p.requestId;
    readProjects(client.reports, {
      signal: ctl.signal,
      onProgress: (q) => store.dispatch({ type: 'projects/progress', requestId, read: q.read, total: q.total, rows: q.rows, reports: q.reports, done: false }),
    }).then(
      (q) => store.dispatch({ type: 'projects/progress', requestId, read: q.read, total: q.total, rows: q.rows, reports: q.reports, done: true }),
      (e) => {
        if (!isAbort(e, ctl.signal)) store.dispatch({ type: 'projects/failed', requestId, message: errorText(e, 'list') });
      },
    );
  };
  const unsubscribe = store.subscribe(check);
  check();
  return {
    stop() {
      unsubscribe();
      controller?.abort();
    },
  };
}
