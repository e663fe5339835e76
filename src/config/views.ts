// The profile's saved views on disk: read from the resolved configuration, written into the
// config file (atomic, 0600, like every other change of it).
import { checkView, type SavedView } from '../domain/views';
import { updateConfigFile } from './file';
import type { ResolvedConfig } from './types';

export interface ViewStore {
  names(): string[];
  /** The view, checked; an error says what is wrong with it; undefined: no such view. */
  get(name: string): { ok: true; view: SavedView } | { ok: false; error: string } | undefined;
  save(name: string, view: SavedView): void;
  /** false: there was none of that name. */
  remove(name: string): boolean;
}

/** Views kept in memory only (the demo writes nothing). */
export function memoryViews(initial: Record<string, unknown> = {}): ViewStore {
  const views: Record<string, unknown> = { ...initial };
  return {
    names: () => Object.keys(views).sort(),
    get: (name) => (Object.prototype.hasOwnProperty.call(views, name) ? checkView(name, views[name]) : undefined),
    save: (name, view) => void (views[name] = view),
    remove: (name) => (Object.prototype.hasOwnProperty.call(views, name) ? delete views[name] : false),
  };
}

/** The profile's views, each change written to its config file (the file's other contents kept). */
export function fileViews(config: Pick<ResolvedConfig, 'profile' | 'configPath' | 'views'>): ViewStore {
  const mem = memoryViews(config.views);
  // Synchronous on purpose: a save is a key press, and the locked update (src/files) is one read
  // and one write of a small file; a lock held by a stuck process ends in an error after 5 s.
  const write = (change: (views: Record<string, unknown>) => Record<string, unknown>) =>
    updateConfigFile(config.configPath, (file) => {
      const profile = file.profiles[config.profile] ?? {};
      return { ...file, profiles: { ...file.profiles, [config.profile]: { ...profile, views: change({ ...profile.views }) } } };
    });
  return {
    names: mem.names,
    get: mem.get,
    save: (name, view) => {
      write((v) => ({ ...v, [name]: view }));
      mem.save(name, view);
    },
    remove: (name) => {
      const had = mem.remove(name);
      if (had) write((v) => Object.fromEntries(Object.entries(v).filter(([k]) => k !== name)));
      return had;
    },
  };
}
