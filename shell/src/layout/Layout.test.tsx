import type { ComponentType } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { Product } from '@shop/api-types';
import { addToCart, createShopStore, type CartLine } from '@shop/store-kit';
import { mockApi, resetShopState } from '@shop/store-kit/testing';
import { registerConfiguredRemotes } from '../federation/remotes';
import { testRouter } from '../routing/testRouter';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

function TestHome(): JSX.Element {
  return <h1>Test home page</h1>;
}

function TestSearch(): JSX.Element {
  const location = useLocation();
  return <h1>Results for {new URLSearchParams(location.search).get('q')}</h1>;
}

function TestPage(): JSX.Element {
  return <h1>Another catalogue page</h1>;
}

const REMOTE_PAGES: Record<string, ComponentType> = { 'mf_catalog/HomePage': TestHome, 'mf_catalog/SearchPage': TestSearch };

const line = (id: number, name: string, quantity: number): CartLine => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  image: `/media/products/${id}.svg`,
  unit: '2 kg',
  price: 200,
  offer: null,
  limit: { minimum_quantity: 1, maximum_quantity: 10 },
  quantity,
  product_total: 200 * quantity,
});

const saved = (id: number, name: string): Pick<Product, 'id' | 'name' | 'slug'> => ({ id, name, slug: `product-${id}` });

async function renderShell(path = '/') {
  const store = createShopStore();
  const router = testRouter(path);
  const result = render(<Provider store={store}>{router.element}</Provider>);
  if (path === '/') await screen.findByRole('heading', { name: 'Test home page' });
  return { store, router, ...result };
}

const originalWarn = console.warn;

beforeEach(async () => {
  // The shell's router runs without React Router's v7 opt-in flags, as in production: drop only those notices.
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('React Router Future Flag Warning')) return;
    originalWarn(...args);
  });
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  jest.mocked(loadRemote).mockImplementation(async (id: string) => ({ default: REMOTE_PAGES[id] ?? TestPage }));
  jest.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ remotes: [{ name: 'mf_catalog', entry: '/remotes/mf-catalog/mf-manifest.json' }] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
  );
  await registerConfiguredRemotes();
});

afterEach(() => {
  resetShopState();
  jest.mocked(loadRemote).mockReset();
  jest.mocked(registerRemotes).mockReset();
});

describe('remote registration', () => {
  it("registers the remotes from /remotes.json by their entry scripts' absolute addresses", () => {
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_catalog', entry: 'http://localhost/remotes/mf-catalog/remoteEntry.js' }], {
      force: true,
    });
  });

  it("the home page is the catalogue remote's HomePage inside the shell's layout", async () => {
    await renderShell('/');
    expect(loadRemote).toHaveBeenCalledWith('mf_catalog/HomePage');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Test home page' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});

describe('Header', () => {
  it("shows 'Login / Register' linking to /login when nobody is signed in", async () => {
    await renderShell();
    const header = screen.getByRole('banner');
    const login = within(header).getByRole('link', { name: 'Login / Register' });
    expect(login.getAttribute('href')).toBe('/login');
  });

  it("shows the signed-in customer's name instead, linking to the account, and follows a sign-out in another tab", async () => {
    localStorage.setItem('customer_token', 'token-1');
    localStorage.setItem('customer_name', 'Wanjiku Kamau');
    localStorage.setItem('customer_email', 'wanjiku@example.com');
    await renderShell();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Wanjiku Kamau' }).getAttribute('href')).toBe('/profile/my-account');
    expect(within(header).queryByText('Login / Register')).toBeNull();

    act(() => {
      localStorage.removeItem('customer_token');
      localStorage.removeItem('customer_name');
      window.dispatchEvent(new StorageEvent('storage', { key: 'customer_token', oldValue: 'token-1', newValue: null }));
    });
    expect(within(header).getByRole('link', { name: 'Login / Register' }).getAttribute('href')).toBe('/login');
  });

  it('shows the cart count (units) and the wishlist count from the store, and follows changes', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([line(1, 'Mlima Gold Sifted Maize Meal 2kg', 2), line(2, 'Pwani Bora Chapati Flour 2kg', 3)]),
    );
    localStorage.setItem('wishlists', JSON.stringify([saved(1, 'Mlima Gold Sifted Maize Meal 2kg'), saved(3, 'Nyota Basmati Rice 1kg')]));
    const { store } = await renderShell();
    const header = screen.getByRole('banner');
    const cart = within(header).getByRole('link', { name: 'Cart, 5 items' });
    expect(cart.getAttribute('href')).toBe('/cart');
    expect(within(cart).getByTestId('cart-count').textContent).toBe('5');
    const wishlist = within(header).getByRole('link', { name: 'Wishlist, 2 items' });
    expect(wishlist.getAttribute('href')).toBe('/wishlist');
    expect(within(wishlist).getByTestId('wishlist-count').textContent).toBe('2');

    act(() => {
      store.dispatch(addToCart(line(4, 'Nyota Pishori Rice 1kg', 1)));
    });
    expect(within(header).getByTestId('cart-count').textContent).toBe('6');
    expect(within(header).getByRole('link', { name: 'Cart, 6 items' })).toBeTruthy();
    // The layout shows the cart toasts.
    expect(await screen.findByText('Nyota Pishori Rice 1kg added to cart')).toBeTruthy();
  });

  it('shows zero counts for an empty cart and wishlist', async () => {
    await renderShell();
    expect(screen.getByTestId('cart-count').textContent).toBe('0');
    expect(screen.getByTestId('wishlist-count').textContent).toBe('0');
  });

  it('the search toggle reveals a search box that goes to /search?q=…', async () => {
    const { router } = await renderShell();
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('search')).toBeNull();
    const toggle = within(header).getByRole('button', { name: 'Search products' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const box = within(within(header).getByRole('search')).getByRole('combobox', { name: 'Search products' });
    await waitFor(() => expect(document.activeElement).toBe(box));

    // Nothing typed: nothing happens.
    fireEvent.click(within(header).getByRole('button', { name: 'Search' }));
    expect(router.location.pathname).toBe('/');

    fireEvent.change(box, { target: { value: '  maize meal & flour ' } });
    fireEvent.submit(within(header).getByRole('search'));
    expect(await screen.findByRole('heading', { name: 'Results for maize meal & flour' })).toBeTruthy();
    expect(router.location.pathname).toBe('/search');
    expect(router.location.search).toBe('?q=maize%20meal%20%26%20flour');
    expect(loadRemote).toHaveBeenCalledWith('mf_catalog/SearchPage');

    // On the results page the header's box is the one search box, holding the words; it stays.
    const onResults = within(within(header).getByRole('search')).getByRole('combobox', { name: 'Search products' });
    expect((onResults as HTMLInputElement).value).toBe('maize meal & flour');
    fireEvent.click(toggle);
    expect(within(header).getAllByRole('search')).toHaveLength(1);
  });

  it('suggests products from two letters on, chosen with the arrows and Enter, closed with Escape', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /site/search/suggest\\?q=(.*)': (_request, match) => {
        asked.push(decodeURIComponent(match[1]!));
        return {
          query: 'pi',
          suggestions: [
            { slug: 'nyota-pishori-rice-1kg', name: 'Nyota Pishori Rice 1kg', image: '/x.svg', unit: '1 kg', price: 199.5 },
            { slug: 'nyota-pishori-rice-5kg', name: 'Nyota Pishori Rice 5kg', image: '/y.svg', unit: '5 kg', price: 1050 },
          ],
        };
      },
    });
    const { router } = await renderShell();
    const header = screen.getByRole('banner');
    fireEvent.click(within(header).getByRole('button', { name: 'Search products' }));
    const box = within(header).getByRole('combobox', { name: 'Search products' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'p' } });
    fireEvent.change(box, { target: { value: 'pi' } });
    const list = await within(header).findByRole('listbox', { name: 'Suggestions' });
    expect(asked).toEqual(['pi']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nyota Pishori Rice 1kgKSh 199.50', 'Nyota Pishori Rice 5kgKSh 1,050.00']);
    expect(screen.getByText('2 suggestions: up and down arrows to choose, Enter to open')).toBeTruthy();

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const second = within(list).getAllByRole('option')[1]!;
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('pi');

    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[1]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.location.pathname).toBe('/product/nyota-pishori-rice-5kg'));
  });

  it('links to the shop and to the group sites', async () => {
    await renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/');
    for (const name of ['Our Mills', 'Cookbook']) {
      const link = within(nav).getByRole('link', { name });
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(screen.getByRole('link', { name: 'Shwari Shop home' }).getAttribute('href')).toBe('/');
  });
});

describe('Footer', () => {
  const footer = (): HTMLElement => screen.getByRole('contentinfo');

  it('links Order Tracking, My Account, Orders and Addresses to /login and Lost Password to /forgot-password', async () => {
    await renderShell();
    const customer = within(footer()).getByRole('navigation', { name: 'Customer' });
    for (const name of ['Order Tracking', 'My Account', 'Orders', 'Addresses']) {
      expect(within(customer).getByRole('link', { name }).getAttribute('href')).toBe('/login');
    }
    expect(within(customer).getByRole('link', { name: 'Lost Password' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('links Return Policy, FAQs, Privacy Policy and Terms to their pages, which open', async () => {
    const { router } = await renderShell();
    const information = within(footer()).getByRole('navigation', { name: 'Information' });
    const expected: Array<[string, string, string]> = [
      ['Return Policy', '/return-policy', 'Return Policy'],
      ['FAQs', '/faqs', 'Frequently Asked Questions'],
      ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
      ['Terms and Conditions', '/terms', 'Terms and Conditions'],
    ];
    for (const [name, href, heading] of expected) {
      const link = within(information).getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      fireEvent.click(link);
      expect(await within(screen.getByRole('main')).findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(router.location.pathname).toBe(href);
    }
  });

  it('has five social network links opening in a new tab', async () => {
    await renderShell();
    const social = within(footer()).getByRole('navigation', { name: 'Social networks' });
    const links = within(social).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Facebook', 'X', 'Instagram', 'YouTube', 'TikTok']);
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^https:\/\/(www\.)?(facebook|x|instagram|youtube|tiktok)\.com\//);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('shows the copyright line', async () => {
    await renderShell();
    expect(within(footer()).getByText(/^Copyright © \d{4} Shwari Mills Group\. All rights reserved\.$/)).toBeTruthy();
  });
});
