// The deck's message and question timers alone: src/state/chrome/effects.ts reads only the store
// and the message times, so no client, cover source or cache is given.
import { startChromeEffects } from '../../src/state/chrome/effects';
import type { Store } from '../../src/state/store';

type MessageTimes = Parameters<typeof startChromeEffects>[0]['flashMs'];

export function startChrome(store: Store, flashMs: MessageTimes): ReturnType<typeof startChromeEffects> {
  return startChromeEffects({ store, client: null as never, coverSource: null as never, debounceMs: 0, cacheSize: 0, flashMs });
}
