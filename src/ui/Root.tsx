import { useEffect, useMemo, useState } from 'react';
import type { Client } from '../api/types';
import { isComplete, type ResolvedConfig } from '../config/types';
import { startEffects } from '../state/effects';
import { initialState } from '../state/reducer';
import { createStore, type Store } from '../state/store';
import { App } from './App';
import type { DeckInfo } from './components/Header';
import { SetupScreen, type SetupCheck } from './screens/SetupScreen';
import { makeTheme, ThemeContext } from './theme';
import { useLayout } from './useLayout';

export interface RootProps {
  config: ResolvedConfig;
  demo: boolean;
  makeClient: (config: ResolvedConfig & { baseUrl: string; seoBaseUrl: string; apiKey: string }) => Client;
  check: SetupCheck;
  exit: (code: number) => void;
  write: (data: string) => void;
  editText?: (text: string) => Promise<string | null>;
}

interface Session {
  store: Store;
  info: DeckInfo;
  client: Client;
}

/** The setup screen while the configuration is incomplete, then the deck. */
export function Root({ config: initial, demo, makeClient, check, exit, write, editText }: RootProps) {
  const [config, setConfig] = useState(initial);
  const [savedTo, setSavedTo] = useState<string | null>(null);
  const layout = useLayout();
  const theme = useMemo(() => makeTheme(), []);
  const session = useMemo<Session | null>(() => {
    if (!isComplete(config)) return null;
    const client = makeClient(config);
    const store = createStore(initialState({ readOnly: config.readOnly }));
    if (savedTo) store.dispatch({ type: 'flash/show', kind: 'success', text: `✓ profile ${config.profile} saved to ${savedTo}` });
    return { store, client, info: { profile: demo ? 'demo' : config.profile, hosts: client.hosts, demo } };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config, demo, makeClient]);
  useEffect(() => {
    if (!session) return;
    const effects = startEffects({ client: session.client, store: session.store });
    return () => effects.stop();
  }, [session]);

  if (!session) {
    return (
      <ThemeContext.Provider value={theme}>
        <SetupScreen
          config={config}
          check={check}
          width={layout.columns}
          height={layout.frameRows}
          onQuit={() => exit(130)}
          onDone={(v, savedTo) => {
            setSavedTo(savedTo);
            setConfig({ ...config, profile: v.profile, baseUrl: v.baseUrl, seoBaseUrl: v.seoBaseUrl, apiKey: v.apiKey });
          }}
        />
      </ThemeContext.Provider>
    );
  }
  return <App store={session.store} info={session.info} theme={theme} exit={exit} write={write} editText={editText} />;
}
