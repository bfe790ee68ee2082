import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { createShopStore } from '@shop/store-kit';
import { resetShopState } from '@shop/store-kit/testing';
import { registerConfiguredRemotes } from '../federation/remotes';
import { ChatSlot } from './ChatSlot';
import { testRouter } from '../routing/testRouter';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

const originalWarn = console.warn;

beforeEach(() => {
  // The shell's router runs without React Router's v7 opt-in flags, as in production: drop only those notices.
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('React Router Future Flag Warning')) return;
    originalWarn(...args);
  });
});

afterEach(() => {
  resetShopState();
  jest.mocked(loadRemote).mockReset();
});

/** Stands in for the chat remote's widget: says whether the shell shows it, and can close itself. */
function TestWidget({ open, onClose }: { open: boolean; onClose(): void }): JSX.Element {
  return (
    <section aria-label="Shopping Assistant">
      <p>{open ? 'Widget open' : 'Widget hidden'}</p>
      <button type="button" onClick={onClose}>
        Close chat
      </button>
    </section>
  );
}

async function renderSlot(remotes: Array<{ name: string; entry: string }>, path = '/shop/all') {
  jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ remotes })));
  await registerConfiguredRemotes();
  const router = testRouter(
    path,
    <Routes>
      <Route path="/chat" element={<ChatSlot />} />
      <Route path="*" element={<ChatSlot />} />
    </Routes>,
  );
  render(<Provider store={createShopStore()}>{router.element}</Provider>);
  return router;
}

const CHAT = { name: 'mf_chat', entry: '/remotes/mf-chat/mf-manifest.json' };

// First: the shell keeps a remote module once it has loaded, for the page's life.
it('shows the friendly fallback in the widget box when the chat remote is down', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.mocked(loadRemote).mockRejectedValue(new Error('offline'));
  await renderSlot([CHAT]);
  fireEvent.click(screen.getByRole('button', { name: 'Chat with our shopping assistant' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('This part of the shop is taking a short break');
  expect(alert.textContent).toContain('shopping assistant');
  expect(document.getElementById('chat-widget')?.contains(alert)).toBe(true);
  // The launcher still closes the box.
  fireEvent.click(screen.getByRole('button', { name: 'Close the shopping assistant' }));
  expect(document.getElementById('chat-widget')?.hidden).toBe(true);
});

it('fetches the chat widget only when the shopper first opens it, then keeps it mounted while hidden', async () => {
  jest.mocked(loadRemote).mockResolvedValue({ default: TestWidget });
  await renderSlot([CHAT]);
  const launcher = screen.getByRole('button', { name: 'Chat with our shopping assistant' });
  expect(launcher.getAttribute('aria-expanded')).toBe('false');
  expect(loadRemote).not.toHaveBeenCalled();

  fireEvent.click(launcher);
  expect(await screen.findByText('Widget open')).toBeTruthy();
  expect(loadRemote).toHaveBeenCalledWith('mf_chat/ChatWidget');
  const close = screen.getByRole('button', { name: 'Close the shopping assistant' });
  expect(close.getAttribute('aria-expanded')).toBe('true');
  expect(document.getElementById(close.getAttribute('aria-controls') ?? '')?.hidden).toBe(false);

  // The launcher closes it again; the widget stays mounted, hidden.
  fireEvent.click(close);
  expect(screen.getByText('Widget hidden')).toBeTruthy();
  expect(document.getElementById('chat-widget')?.hidden).toBe(true);

  // The widget's own close button hands the focus back to the launcher.
  fireEvent.click(screen.getByRole('button', { name: 'Chat with our shopping assistant' }));
  expect(screen.getByText('Widget open')).toBeTruthy();
  fireEvent.click(within(screen.getByRole('region', { name: 'Shopping Assistant' })).getByRole('button', { name: 'Close chat' }));
  expect(screen.getByText('Widget hidden')).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat with our shopping assistant' }));
  expect(loadRemote).toHaveBeenCalledTimes(1);
});

it('is not on /chat, where the page is the assistant, and the widget closes when the shopper goes there', async () => {
  jest.mocked(loadRemote).mockResolvedValue({ default: TestWidget });
  const router = await renderSlot([CHAT]);
  fireEvent.click(screen.getByRole('button', { name: 'Chat with our shopping assistant' }));
  await screen.findByText('Widget open');
  await act(async () => {
    await router.navigate('/chat');
  });
  expect(screen.queryByRole('button', { name: /shopping assistant/ })).toBeNull();
  expect(screen.getByText('Widget hidden')).toBeTruthy();
  await act(async () => {
    await router.navigate('/shop/all');
  });
  expect(screen.getByRole('button', { name: 'Chat with our shopping assistant' }).getAttribute('aria-expanded')).toBe('false');
});

it('shows no launcher when the chat remote is not configured', async () => {
  await renderSlot([{ name: 'mf_catalog', entry: '/remotes/mf-catalog/mf-manifest.json' }]);
  expect(screen.queryByRole('button', { name: /shopping assistant/ })).toBeNull();
});

describe('on a long page', () => {
  const PAGE_HEIGHT = 5000;
  beforeEach(() => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: PAGE_HEIGHT, configurable: true });
  });
  afterEach(() => {
    delete (document.documentElement as { scrollHeight?: number }).scrollHeight;
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  /** The shopper scrolls to `y`; the launcher is redrawn after the next frame, as in a browser. */
  const scrollTo = (y: number) =>
    act(async () => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
  const steppedAside = (): boolean => screen.getByRole('button', { name: /shopping assistant/ }).hasAttribute('data-stepped-aside');

  it('the launcher steps aside while the shopper scrolls down, and is back on scrolling up and at either end', async () => {
    jest.mocked(loadRemote).mockResolvedValue({ default: TestWidget });
    await renderSlot([CHAT]);
    expect(steppedAside()).toBe(false);
    await scrollTo(600);
    expect(steppedAside()).toBe(true);
    await scrollTo(605); // a finger resting on the screen
    expect(steppedAside()).toBe(true);
    await scrollTo(500);
    expect(steppedAside()).toBe(false);
    await scrollTo(1200);
    expect(steppedAside()).toBe(true);
    await scrollTo(PAGE_HEIGHT - window.innerHeight); // the end: the footer leaves it room
    expect(steppedAside()).toBe(false);
    await scrollTo(2000);
    await scrollTo(2400);
    expect(steppedAside()).toBe(true);
    await scrollTo(40); // the top
    expect(steppedAside()).toBe(false);
  });

  it('never steps aside while the assistant is open, nor as it closes, only on the next scroll down', async () => {
    jest.mocked(loadRemote).mockResolvedValue({ default: TestWidget });
    await renderSlot([CHAT]);
    await scrollTo(800);
    expect(steppedAside()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Chat with our shopping assistant' }));
    await screen.findByText('Widget open');
    expect(steppedAside()).toBe(false);
    await scrollTo(1400);
    expect(steppedAside()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Close the shopping assistant' }));
    expect(steppedAside()).toBe(false);
    await scrollTo(1600);
    expect(steppedAside()).toBe(true);
  });
});
