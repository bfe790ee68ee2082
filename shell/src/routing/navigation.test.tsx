import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { useParams } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { createShopStore, LanguageProvider, switchLanguage, usePageMeta } from '@shop/store-kit';
import { resetShopState } from '@shop/store-kit/testing';
import { registerConfiguredRemotes } from '../federation/remotes';
import { testRouter, type TestRouter } from './testRouter';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

function renderShell(path: string) {
  const router = testRouter(path);
  render(
    <Provider store={createShopStore()}>
      <LanguageProvider>{router.element}</LanguageProvider>
    </Provider>,
  );
  return router;
}

const go = (router: TestRouter, to: string) =>
  act(async () => {
    await router.navigate(to);
  });

/** Stands in for the product page: names itself once its data is there. */
function NamedPage(): JSX.Element {
  const { slug = '' } = useParams();
  usePageMeta({ title: `Product ${slug}` });
  return <h1>{`Named ${slug}`}</h1>;
}

const Wishlist = (): JSX.Element => <h1>Remote wishlist</h1>;

let wishlistDown = false;

beforeEach(async () => {
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.mocked(loadRemote).mockImplementation(async (id: string) => {
    if (id.endsWith('WishlistPage')) {
      if (wishlistDown) throw new Error('remote offline');
      return { default: Wishlist };
    }
    return { default: NamedPage };
  });
  jest
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify({ remotes: [{ name: 'mf_catalog', entry: '/remotes/mf-catalog/mf-manifest.json' }] })));
  await registerConfiguredRemotes();
});

afterEach(() => resetShopState());

it('keeps a page’s own title over the route title: on load, when only the query changes, and on return', async () => {
  const router = renderShell('/product/maize');
  await screen.findByRole('heading', { name: 'Named maize' });
  await waitFor(() => expect(document.title).toBe('Product maize | Shwari Shop'));
  await go(router, '/product/maize?ref=home');
  expect(document.title).toBe('Product maize | Shwari Shop');
  await go(router, '/faqs');
  await waitFor(() => expect(document.title).toBe('FAQs | Shwari Shop'));
  await go(router, '/product/maize');
  await screen.findByRole('heading', { name: 'Named maize' });
  await waitFor(() => expect(document.title).toBe('Product maize | Shwari Shop'));
  expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Product maize | Shwari Shop');
});

it('sets the route meta in the language shown, and follows a switch of language unless the page set its own', async () => {
  const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');
  const router = renderShell('/faqs');
  await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
  expect(document.title).toBe('FAQs | Shwari Shop');
  try {
    await act(() => switchLanguage('sw'));
    expect(document.title).toBe('Maswali ya mara kwa mara | Shwari Shop');
    expect(description()).toBe('Majibu kuhusu oda, usafirishaji, malipo, kurudisha bidhaa na Pointi za Shwari.');
    await go(router, '/terms');
    expect(document.title).toBe('Vigezo na masharti | Shwari Shop');
    // The page's own title (a product's name) is kept through a switch: the route's is not put back.
    await go(router, '/product/maize');
    await waitFor(() => expect(document.title).toBe('Product maize | Shwari Shop'));
    await act(() => switchLanguage('en'));
    expect(document.title).toBe('Product maize | Shwari Shop');
    await go(router, '/faqs');
    expect(document.title).toBe('FAQs | Shwari Shop');
  } finally {
    await act(() => switchLanguage('en'));
  }
});

it('starts each new page at the top, and leaves the first where the browser put it', async () => {
  const router = renderShell('/faqs');
  await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
  expect(window.scrollTo).not.toHaveBeenCalled();
  await go(router, '/product/maize');
  await screen.findByRole('heading', { name: 'Named maize' });
  expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
  jest.mocked(window.scrollTo).mockClear();
  // A new sort order on the same page keeps the shopper's place.
  await go(router, '/product/maize?sort=newest');
  expect(window.scrollTo).not.toHaveBeenCalled();
});

it('tries a remote page again on the next visit after it failed to load', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  wishlistDown = true;
  const router = renderShell('/wishlist');
  await screen.findByText('This part of the shop is taking a short break');
  wishlistDown = false;
  await go(router, '/faqs');
  await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
  await go(router, '/wishlist');
  expect(await screen.findByRole('heading', { name: 'Remote wishlist' })).toBeTruthy();
});
