import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createShopStore } from '@shop/store-kit';
import { registerConfiguredRemotes } from './federation/remotes';
import { routes } from './routing/routes';
import './styles/global.css';

async function start(): Promise<void> {
  await registerConfiguredRemotes();
  const store = createShopStore();
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
