import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router-dom';
import { LANGUAGE_COOKIE } from '@shop/api-types';
import { createShopStore, LanguageProvider, switchLanguage } from '@shop/store-kit';
import { catalogProblems } from '@shop/store-kit/i18n/catalogCheck';
import { resetShopState } from '@shop/store-kit/testing';
import { Layout } from '../layout/Layout';
import en from './locales/en.json';
import sw from './locales/sw.json';
import staticEn from '../pages/static/locales/en.json';
import staticSw from '../pages/static/locales/sw.json';
import { testRouter } from '../routing/testRouter';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

const cookie = (name: string) =>
  document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

function renderShop(): void {
  const router = testRouter(
    '/',
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<h1>Home</h1>} />
      </Route>
    </Routes>,
  );
  render(
    <Provider store={createShopStore()}>
      <LanguageProvider>{router.element}</LanguageProvider>
    </Provider>,
  );
}

afterEach(async () => {
  await act(async () => switchLanguage('en'));
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
  resetShopState();
});

describe("the header's language switch", () => {
  it('shows the shop in Kiswahili without a reload, and remembers it in the cookie and local storage', async () => {
    renderShop();
    expect(screen.getByRole('link', { name: 'Shop' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
    expect(document.documentElement.lang).not.toBe('sw');

    // Named in its own language, so a shopper who reads only Swahili finds it.
    const toSwahili = screen.getByRole('button', { name: 'Soma duka kwa Kiswahili' });
    expect(toSwahili.getAttribute('lang')).toBe('sw');
    expect(toSwahili.textContent).toBe('Kiswahili');
    await act(async () => fireEvent.click(toSwahili));

    expect(await screen.findByRole('link', { name: 'Duka' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kikapu, bidhaa 0' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Orodha ya matamanio, bidhaa 0' })).toBeTruthy();
    expect(screen.getByText('Ingia / Jisajili')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sera ya faragha' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('sw');
    expect(cookie(LANGUAGE_COOKIE)).toBe('sw');
    expect(localStorage.getItem('shop_lang')).toBe('"sw"');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Read the shop in English' })));
    expect(await screen.findByRole('link', { name: 'Shop' })).toBeTruthy();
    expect(cookie(LANGUAGE_COOKIE)).toBe('en');
    expect(localStorage.getItem('shop_lang')).toBe('"en"');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe("the shell's catalogs", () => {
  it('have every id the code uses, each translated into Swahili with the same arguments', () => {
    // The shell's code uses both: its own catalog and the static pages' (see pages/static/i18n.ts).
    const problems = catalogProblems({
      en: { ...en, ...staticEn },
      translations: { sw: { ...sw, ...staticSw } },
      sourceDir: `${__dirname}/..`,
    });
    expect(problems).toEqual([]);
    expect(catalogProblems({ en: staticEn, translations: { sw: staticSw }, sourceDir: `${__dirname}/../pages/static` })).toEqual([]);
  });

  it("keep the static pages' words out of the catalog every page loads", () => {
    expect(Object.keys(en).filter((id) => id.startsWith('static.'))).toEqual([]);
    expect(Object.keys(staticEn).filter((id) => !id.startsWith('static.'))).toEqual([]);
  });
});
