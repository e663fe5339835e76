import { useEffect, useMemo, useState } from 'react';
import type { ResolvedConfig } from '../config/types';
import { plainHttpWarnings } from '../domain/baseUrl';
import { EXIT } from '../domain/exitCodes';
import { App } from './App';
import type { Copied } from './outside/clipboard';
import { SetupScreen, type SetupCheck } from './screens/SetupScreen';
import type { OpenLink } from './outside/browser';
import { startSession, type MakeClient, type Session, type SessionIo } from './start/session';
import { makeTheme, ThemeContext, type Theme } from './themes/theme';
import { useLayout } from './layout/useLayout';
import type { KeyContext } from './keys/handlers';

export interface RootProps {
  config: ResolvedConfig;
  demo: boolean;
  /** Started before the view loaded; null while the configuration is incomplete. */
  session?: Session | null;
  makeClient: MakeClient;
  /** The deck's I/O, for the session the setup screen starts. */
  io: SessionIo;
  check: SetupCheck;
  /** Ends the deck; `word` is said on stderr once the terminal is back. */
  exit: (code: number, word?: string) => void;
  write: (data: string) => void;
  copy?: (text: string) => Copied;
  editText?: KeyContext['editText'];
  open?: OpenLink;
  /** Chosen at start (terminal background, setting, colour depth); else from the environment. */
  theme?: Theme;
}

/** Said when the setup screen is left without saving. */
export const SETUP_LEFT = 'sitedeck: setup left, nothing saved. Run `sitedeck` to set up again, or `sitedeck --demo` to try it on sample data.\n';

/** The setup screen while the configuration is incomplete, then the deck. */
export function Root({ config, demo, session: initial, makeClient, io, check, exit, write, copy, editText, open, theme: chosen }: RootProps) {
  const [session, setSession] = useState<Session | null>(() => initial ?? null);
  const layout = useLayout();
  const theme = useMemo(() => chosen ?? makeTheme(io.env), [chosen, io.env]);
  // The deck's effects end with it (quit, signal, unmount).
  useEffect(() => (session ? () => session.effects.stop() : undefined), [session]);

  if (!session) {
    return (
      <ThemeContext.Provider value={theme}>
        <SetupScreen
          config={config}
          check={config.keyByCommand ? (v) => check(v, { commandKey: config.apiKey }) : check}
          width={layout.columns}
          height={layout.frameRows}
          write={write}
          onQuit={(interrupted) => exit(interrupted ? EXIT.interrupted : EXIT.ok, SETUP_LEFT)}
          onDone={(v, savedTo) => {
            const complete = { ...config, profile: v.profile, baseUrl: v.baseUrl, seoBaseUrl: v.seoBaseUrl, apiKey: v.apiKey };
            const saved = `✓ profile ${v.profile} saved to ${savedTo}`;
            const next = startSession(complete, demo, makeClient, io, { flash: saved });
            // Typed here, a plain-http URL to another machine warns as `config set` does.
            const clear = plainHttpWarnings([
              { setting: 'base_url', url: v.baseUrl },
              { setting: 'seo_base_url', url: v.seoBaseUrl },
            ]);
            if (clear.length) next.store.dispatch({ type: 'flash/show', kind: 'error', text: [...clear, saved].join(' · ') });
            setSession(next);
          }}
        />
      </ThemeContext.Provider>
    );
  }
  return (
    <App
      store={session.store}
      info={session.info}
      history={session.history}
      views={session.views}
      theme={theme}
      exit={exit}
      write={write}
      copy={copy}
      editText={editText}
      open={open}
    />
  );
}
