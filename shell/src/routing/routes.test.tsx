import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { useLocation, useParams } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { createShopStore, signedIn } from '@shop/store-kit';
import { resetShopState } from '@shop/store-kit/testing';
import { registerConfiguredRemotes } from '../federation/remotes';
import { testRouter, type TestRouter } from './testRouter';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

/** Stands in for every catalogue page: says which module it is and what the route gave it. */
function makeRemotePage(module: string) {
  return function RemotePage(): JSX.Element {
    const params = useParams();
    const location = useLocation();
    return (
      <section>
        <h1>{`Remote ${module}`}</h1>
        <p data-testid="params">{JSON.stringify(params)}</p>
        <p data-testid="search">{location.search}</p>
      </section>
    );
  };
}

function renderShell(path: string) {
  const store = createShopStore();
  const router = testRouter(path);
  const result = render(<Provider store={store}>{router.element}</Provider>);
  return { store, router, ...result };
}

const go = async (router: TestRouter, to: string): Promise<void> => {
  await act(async () => {
    await router.navigate(to);
  });
};

const meta = (selector: string): string | null | undefined => document.head.querySelector(selector)?.getAttribute('content');
const main = (): HTMLElement => screen.getByRole('main');

const originalWarn = console.warn;
/** How often each module was asked of the remote in this file (the shell loads each one once, then keeps it). */
const requested = new Map<string, number>();

beforeEach(async () => {
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('React Router Future Flag Warning')) return;
    originalWarn(...args);
  });
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  jest.mocked(loadRemote).mockImplementation(async (id: string) => {
    requested.set(id, (requested.get(id) ?? 0) + 1);
    return { default: makeRemotePage(id.split('/')[1] ?? id) };
  });
  jest
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify({ remotes: [{ name: 'mf_catalog', entry: '/remotes/mf-catalog/mf-manifest.json' }] }), { status: 200 }),
    );
  await registerConfiguredRemotes();
});

afterEach(() => {
  resetShopState();
  jest.mocked(loadRemote).mockReset();
});

describe('route table', () => {
  it.each([
    ['/', 'HomePage', {}],
    ['/shop/all', 'ShopPage', {}],
    ['/shop/mlima-gold', 'ShopPage', { brandSlug: 'mlima-gold' }],
    ['/shop/pwani-bora/baking-flour', 'ShopPage', { brandSlug: 'pwani-bora', categorySlug: 'baking-flour' }],
    ['/brand/nyota', 'BrandPage', { slug: 'nyota' }],
    ['/product/mlima-gold-sifted-maize-meal-2kg', 'ProductPage', { slug: 'mlima-gold-sifted-maize-meal-2kg' }],
    ['/wishlist', 'WishlistPage', {}],
    ['/search?q=maize', 'SearchPage', {}],
  ])('%s shows the catalogue remote’s %s', async (path, module, params) => {
    renderShell(path);
    expect(await within(main()).findByRole('heading', { name: `Remote ${module}` })).toBeTruthy();
    expect(requested.get(`mf_catalog/${module}`)).toBe(1);
    expect(JSON.parse(screen.getByTestId('params').textContent ?? '{}')).toEqual(params);
  });

  it('/shop goes to /shop/all', async () => {
    const { router } = renderShell('/shop');
    expect(await within(main()).findByRole('heading', { name: 'Remote ShopPage' })).toBeTruthy();
    expect(router.location.pathname).toBe('/shop/all');
  });

  it("an unknown path shows 'NotFound' inside the layout, with its own title", async () => {
    renderShell('/no/such/page');
    expect(within(main()).getByRole('heading', { level: 1, name: 'NotFound' })).toBeTruthy();
    expect(within(main()).getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/shop/all');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'FAQs' })).toBeTruthy();
    expect(document.title).toBe('Page not found | Shwari Shop');
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('loads each catalogue module once and keeps it for later visits', async () => {
    const { router } = renderShell('/brand/nyota');
    await within(main()).findByRole('heading', { name: 'Remote BrandPage' });
    await go(router, '/faqs');
    await go(router, '/brand/pwani-bora');
    expect(within(main()).getByRole('heading', { name: 'Remote BrandPage' })).toBeTruthy();
    expect(requested.get('mf_catalog/BrandPage')).toBe(1);
  });

  it('paths the table does not know, even under a known prefix, show NotFound', async () => {
    const { router } = renderShell('/shop/mlima-gold/maize-meal/extra');
    expect(within(main()).getByRole('heading', { name: 'NotFound' })).toBeTruthy();
    await go(router, '/product');
    expect(within(main()).getByRole('heading', { name: 'NotFound' })).toBeTruthy();
    await go(router, '/FAQS-old');
    expect(within(main()).getByRole('heading', { name: 'NotFound' })).toBeTruthy();
    expect(loadRemote).not.toHaveBeenCalled();
  });
});

describe('the account area', () => {
  beforeEach(async () => {
    jest
      .mocked(globalThis.fetch)
      .mockResolvedValue(
        new Response(JSON.stringify({ remotes: [{ name: 'mf_account', entry: '/remotes/mf-account/mf-manifest.json' }] }), { status: 200 }),
      );
    await registerConfiguredRemotes();
  });

  it('sends a signed-out shopper from /profile to /login without loading the area', async () => {
    const { router } = renderShell('/profile/orders');
    expect(await within(main()).findByRole('heading', { name: 'Remote LoginPage' })).toBeTruthy();
    expect(router.location.pathname).toBe('/login');
    expect(loadRemote).not.toHaveBeenCalledWith('mf_account/ProfileArea');
  });

  it('shows a signed-in customer the area itself', async () => {
    const store = createShopStore();
    store.dispatch(signedIn({ token: 'token', name: 'Wanjiru', email: 'wanjiru@example.com' }));
    render(<Provider store={store}>{testRouter('/profile/orders').element}</Provider>);
    expect(await within(main()).findByRole('heading', { name: 'Remote ProfileArea' })).toBeTruthy();
  });
});

describe('the shopping assistant', () => {
  beforeEach(async () => {
    jest.mocked(globalThis.fetch).mockResolvedValue(
      new Response(
        JSON.stringify({
          remotes: [
            { name: 'mf_chat', entry: '/remotes/mf-chat/mf-manifest.json' },
            { name: 'mf_admin', entry: '/remotes/mf-admin/mf-manifest.json' },
          ],
        }),
        { status: 200 },
      ),
    );
    await registerConfiguredRemotes();
  });

  it("/chat shows the chat remote's ChatPage with its own title, and no chat launcher over it", async () => {
    renderShell('/chat');
    expect(await within(main()).findByRole('heading', { name: 'Remote ChatPage' })).toBeTruthy();
    expect(requested.get('mf_chat/ChatPage')).toBe(1);
    expect(document.title).toBe('Shopping Assistant | Shwari Shop');
    expect(meta('meta[name="description"]')).toMatch(/shopping assistant/);
    expect(screen.queryByRole('button', { name: 'Chat with our shopping assistant' })).toBeNull();
  });

  it('every storefront page has the chat launcher, the back office has none, and the chat remote waits for the first click', async () => {
    const { router } = renderShell('/faqs');
    await within(main()).findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
    expect(screen.getByRole('button', { name: 'Chat with our shopping assistant' })).toBeTruthy();
    expect(requested.get('mf_chat/ChatWidget')).toBeUndefined();
    await go(router, '/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Remote AdminApp' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Chat with our shopping assistant' })).toBeNull();
  });
});

describe('page meta after each navigation', () => {
  it('sets the title, description and sharing meta from the route, and changes them on navigation', async () => {
    const { router } = renderShell('/');
    await within(main()).findByRole('heading', { name: 'Remote HomePage' });
    expect(document.title).toBe('Shwari Shop');
    const homeDescription =
      'Maize meal, wheat and baking flour, porridge flours, rice, cooking oil and animal feeds from our mills, delivered free across Kenya.';
    expect(meta('meta[name="description"]')).toBe(homeDescription);
    expect(meta('meta[property="og:title"]')).toBe('Shwari Shop');
    expect(meta('meta[property="og:description"]')).toBe(homeDescription);
    expect(meta('meta[property="og:site_name"]')).toBe('Shwari Shop');
    expect(meta('meta[name="twitter:title"]')).toBe('Shwari Shop');

    // A click on the footer's FAQs link.
    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'FAQs' }));
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeTruthy();
    expect(document.title).toBe('FAQs | Shwari Shop');
    expect(meta('meta[name="description"]')).toBe('Answers about orders, delivery, payment, returns and Shwari Points.');
    expect(meta('meta[property="og:title"]')).toBe('FAQs | Shwari Shop');
    expect(meta('meta[property="og:description"]')).toBe('Answers about orders, delivery, payment, returns and Shwari Points.');
    expect(meta('meta[name="twitter:title"]')).toBe('FAQs | Shwari Shop');

    // The header's wishlist link.
    fireEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: /^Wishlist, / }));
    expect(await within(main()).findByRole('heading', { name: 'Remote WishlistPage' })).toBeTruthy();
    expect(document.title).toBe('My Wishlist | Shwari Shop');
    expect(meta('meta[name="description"]')).toBe('Products you saved for later.');
    expect(meta('meta[property="og:title"]')).toBe('My Wishlist | Shwari Shop');

    await go(router, '/terms');
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    expect(document.title).toBe('Terms and Conditions | Shwari Shop');
    expect(meta('meta[name="description"]')).toBe('The terms of buying from our shop.');

    await go(router, '/nowhere');
    expect(document.title).toBe('Page not found | Shwari Shop');
    expect(meta('meta[property="og:title"]')).toBe('Page not found | Shwari Shop');

    await go(router, '/');
    expect(document.title).toBe('Shwari Shop');
    expect(meta('meta[name="description"]')).toBe(homeDescription);
    // Only one of each tag, however many navigations.
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('scrolls to the top after a navigation', async () => {
    const { router } = renderShell('/faqs');
    await within(main()).findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
    jest.mocked(window.scrollTo).mockClear();
    await go(router, '/return-policy');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
  });
});
