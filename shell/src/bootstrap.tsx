import { StrictMode } from 'react';
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
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
}

void start();
