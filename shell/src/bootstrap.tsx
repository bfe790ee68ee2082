import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { loadFirstScreenQueries, createShopStore, readFirstScreenState, type ShopStore } from '@shop/store-kit';
import { preloadRemoteArea } from './federation/RemoteArea';
import { registerConfiguredRemotes } from './federation/remotes';
import { routes } from './routing/routes';
import './styles/global.css';

/** A page whose remote has not loaded by then is drawn with its loading state, as without a drawn copy. */
const FIRST_SCREEN_WAIT_MS = 8000;

/**
 * When the gateway drew the page (services/gateway/src/ssr), its copy stays on screen until the
 * browser can draw the same page complete: the page's remote loaded and the copy's data in the
 * store. React then replaces the copy in one step, so nothing flickers or moves.
 */
async function readyForDrawnPage(store: ShopStore): Promise<void> {
  const drawn = readFirstScreenState();
  if (!drawn) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
  });
  const ready = preloadRemoteArea(drawn.remote, drawn.module).then(() => loadFirstScreenQueries(store, drawn.queries));
  // A remote that fails to load shows its fallback in the first render, as without a drawn copy.
  await Promise.race([ready.catch(() => undefined), giveUp]);
  clearTimeout(timer);
}

async function start(): Promise<void> {
  await registerConfiguredRemotes();
  const store = createShopStore();
  await readyForDrawnPage(store);
  const router = createBrowserRouter(routes);
  const root = createRoot(document.getElementById('root')!);
  // As a transition, React builds the first screen in slices of a few milliseconds and lets the
  // browser in between, instead of one long task that blocks a phone's main thread.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>,
    ),
  );
}

void start();
