import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { useParams } from 'react-router-dom';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createShopStore } from '@shop/store-kit';
import { resetShopState } from '@shop/store-kit/testing';
import offlineRemotePlugin from './offlineRemotePlugin';
import { isRemoteConfigured, loadRemoteComponent, registerConfiguredRemotes, RemoteUnavailableError } from './remotes';
import { testRouter, type TestRouter } from '../routing/testRouter';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

// Each test uses a different catalogue module: the shell keeps a loaded (or failed) module for
// the rest of the visit, so one module per scenario keeps the tests independent.

const FALLBACK = 'This part of the shop is taking a short break';

function renderShell(path: string) {
  const router = testRouter(path);
  const result = render(<Provider store={createShopStore()}>{router.element}</Provider>);
  return { router, ...result };
}

const go = async (router: TestRouter, to: string): Promise<void> => {
  await act(async () => {
    await router.navigate(to);
  });
};

const config = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const CATALOGUE = { remotes: [{ name: 'mf_catalog', entry: '/remotes/mf-catalog/mf-manifest.json' }] };

/** Header and footer are there and work. */
function expectLayoutStillThere(): void {
  expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login / Register' })).toBeTruthy();
  expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Search products' })).toBeTruthy();
  expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Return Policy' })).toBeTruthy();
}

const originalWarn = console.warn;
const originalError = console.error;
let consoleError: jest.SpyInstance;

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && (args[0].includes('React Router Future Flag Warning') || args[0].startsWith('Remote module')))
      return;
    originalWarn(...args);
  });
  // A failing area is logged on purpose (the boundary's console.error, and React's own report of the error).
  consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (/area failed|The above error occurred|Error: Uncaught|catalogue is down|Remote page crashed|could not be loaded/.test(text)) return;
    originalError(...args);
  });
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  resetShopState();
  jest.mocked(loadRemote).mockReset();
  jest.mocked(registerRemotes).mockReset();
});

describe('registerConfiguredRemotes', () => {
  it('registers each configured remote by the absolute address of the entry script beside its manifest', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(config(CATALOGUE));
    const registered = await registerConfiguredRemotes();
    expect(globalThis.fetch).toHaveBeenCalledWith('/remotes.json', { credentials: 'same-origin' });
    expect(registered).toEqual([{ name: 'mf_catalog', entry: 'http://localhost/remotes/mf-catalog/remoteEntry.js' }]);
    expect(registerRemotes).toHaveBeenCalledWith(registered, { force: true });
    expect(isRemoteConfigured('mf_catalog')).toBe(true);
    expect(isRemoteConfigured('mf_checkout')).toBe(false);
  });

  it('reads the configuration the gateway wrote into the page, without a request', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const inline = document.createElement('script');
    inline.type = 'application/json';
    inline.id = 'shop-remotes';
    inline.textContent = JSON.stringify(CATALOGUE);
    document.head.append(inline);
    try {
      expect(await registerConfiguredRemotes()).toEqual([
        { name: 'mf_catalog', entry: 'http://localhost/remotes/mf-catalog/remoteEntry.js' },
      ]);
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(isRemoteConfigured('mf_catalog')).toBe(true);
    } finally {
      inline.remove();
    }
  });

  it('without a configuration (network error or 404) registers nothing and the shell still starts', async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await registerConfiguredRemotes()).toEqual([]);
    expect(isRemoteConfigured('mf_catalog')).toBe(false);
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(config({ message: 'Not found' }, 404));
    expect(await registerConfiguredRemotes()).toEqual([]);
    expect(registerRemotes).not.toHaveBeenCalled();
  });

  it('loadRemoteComponent refuses a remote that is not configured, and a module without a default export', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(config(CATALOGUE));
    await registerConfiguredRemotes();
    await expect(loadRemoteComponent('mf_checkout', 'CartDrawer')).rejects.toBeInstanceOf(RemoteUnavailableError);
    jest.mocked(loadRemote).mockResolvedValue({});
    await expect(loadRemoteComponent('mf_catalog', 'HomePage')).rejects.toThrow('The mf_catalog area could not be loaded');
  });

  it('the offline plugin turns a failed remote load into an empty result instead of a crash', () => {
    const plugin = offlineRemotePlugin();
    const handler = plugin.errorLoadRemote as (args: { id: string; error: unknown }) => unknown;
    expect(handler({ id: 'mf_catalog/HomePage', error: new Error('ChunkLoadError') })).toBeUndefined();
    expect(console.warn).toHaveBeenCalledWith('Remote module mf_catalog/HomePage is unavailable', expect.any(Error));
  });
});

describe('a catalogue area that fails', () => {
  it(`remote down (loadRemote rejects): '${FALLBACK}' in the page, header and footer stay and work`, async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(config(CATALOGUE));
    await registerConfiguredRemotes();
    jest.mocked(loadRemote).mockRejectedValue(new Error('The catalogue is down (ECONNREFUSED)'));
    const { router } = renderShell('/');
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: FALLBACK })).toBeTruthy();
    expect(within(alert).getByText('We could not load the catalogue just now. The rest of the shop still works.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledWith('mf_catalog/HomePage');
    expectLayoutStillThere();
    expect(consoleError.mock.calls.some((call) => String(call[0]).includes('The catalogue area failed'))).toBe(true);

    // The shell's own pages still work.
    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'FAQs' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeTruthy();
    expect(screen.queryByText(FALLBACK)).toBeNull();
    expect(router.location.pathname).toBe('/faqs');
  });

  it('Try again loads the area again, in place, without reloading the page', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(config(CATALOGUE));
    await registerConfiguredRemotes();
    jest
      .mocked(loadRemote)
      .mockRejectedValueOnce(new Error('The catalogue is down (ECONNREFUSED)'))
      .mockResolvedValue({ default: () => <h1>Catalogue back</h1> });
    renderShell('/shop/all');
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue back' })).toBeTruthy();
    expect(screen.queryByText(FALLBACK)).toBeNull();
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('a remote component that throws while rendering shows the same fallback; another page of it recovers', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(config(CATALOGUE));
    await registerConfiguredRemotes();
    function CrashingProductPage(): JSX.Element {
      const { slug } = useParams();
      if (slug === 'broken') throw new Error('Remote page crashed: cannot read properties of undefined');
      return <h1>Product {slug}</h1>;
    }
    jest.mocked(loadRemote).mockResolvedValue({ default: CrashingProductPage });
    const { router } = renderShell('/product/broken');
    expect(await within(screen.getByRole('main')).findByRole('heading', { name: FALLBACK })).toBeTruthy();
    expectLayoutStillThere();
    expect(document.title).toBe('Product | Shwari Shop');

    // The boundary resets when the page changes.
    await go(router, '/product/nyota-pishori-rice-1kg');
    expect(await within(screen.getByRole('main')).findByRole('heading', { name: 'Product nyota-pishori-rice-1kg' })).toBeTruthy();
    expect(screen.queryByText(FALLBACK)).toBeNull();
  });

  it('a remote the runtime could not fetch (the offline plugin answers nothing) shows the fallback', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(config(CATALOGUE));
    await registerConfiguredRemotes();
    jest.mocked(loadRemote).mockResolvedValue(undefined);
    renderShell('/wishlist');
    expect(await within(screen.getByRole('main')).findByRole('heading', { name: FALLBACK })).toBeTruthy();
    expectLayoutStillThere();
  });

  it('a remote missing from /remotes.json shows the fallback without trying to load it', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(config({ remotes: [] }));
    await registerConfiguredRemotes();
    renderShell('/search?q=maize');
    expect(await within(screen.getByRole('main')).findByRole('heading', { name: FALLBACK })).toBeTruthy();
    expect(loadRemote).not.toHaveBeenCalled();
    expectLayoutStillThere();
  });

  it('shows a loading state while the remote loads', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(config(CATALOGUE));
    await registerConfiguredRemotes();
    let finish: (value: unknown) => void = () => undefined;
    jest.mocked(loadRemote).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderShell('/brand/nyota');
    expect(within(screen.getByRole('main')).getByRole('status')).toBeTruthy();
    await act(async () => finish({ default: () => <h1>Nyota Products</h1> }));
    expect(await screen.findByRole('heading', { name: 'Nyota Products' })).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('status')).toBeNull();
  });
});
