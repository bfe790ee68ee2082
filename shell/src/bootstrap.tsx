import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import {
  createShopStore,
  LanguageProvider,
  loadCatalogs,
  loadFirstScreenQueries,
  pageI18n,
  readFirstScreenState,
  startLanguage,
  type ShopStore,
} from '@shop/store-kit';
import type { ShopLanguage } from '@shop/api-types';
import { preloadRemoteArea } from './federation/RemoteArea';
import { registerConfiguredRemotes } from './federation/remotes';
import { ShopRoutes } from './routing/routes';
import './styles/global.css';

/** A page whose remote has not loaded by then is drawn with its loading state, as without a drawn copy. */
const FIRST_SCREEN_WAIT_MS = 8000;

/**
 * When the gateway drew the page (services/gateway/src/ssr), its copy stays on screen until the
 * browser can draw the same page complete: the page's remote loaded and the copy's data in the
 * store. React then replaces the copy in one step, so nothing flickers or moves.
 */
async function readyForDrawnPage(store: ShopStore, language: ShopLanguage): Promise<void> {
  const drawn = readFirstScreenState();
  if (!drawn) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
  });
  // The page's remote defines its catalog as it loads: in Swahili, its strings come before the first
  // render too, or the page would wait for them behind its loading state.
  const ready = preloadRemoteArea(drawn.remote, drawn.module).then(() =>
    Promise.all([loadFirstScreenQueries(store, drawn.queries), loadCatalogs(pageI18n, language)]),
  );
  // A remote that fails to load shows its fallback in the first render, as without a drawn copy.
  await Promise.race([ready.catch(() => undefined), giveUp]);
  clearTimeout(timer);
}

async function start(): Promise<void> {
  await registerConfiguredRemotes();
  const store = createShopStore();
  // The shell's and the shared packages' catalog in the page's language, one file (beside the remotes.json wait).
  const language = await startLanguage();
  await readyForDrawnPage(store, language);
  const root = createRoot(document.getElementById('root')!);
  // As a transition, React builds the first screen in slices of a few milliseconds and lets the
  // browser in between, instead of one long task that blocks a phone's main thread.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <LanguageProvider>
            <BrowserRouter>
              <ShopRoutes />
            </BrowserRouter>
          </LanguageProvider>
        </Provider>
      </StrictMode>,
    ),
  );
}

void start();
