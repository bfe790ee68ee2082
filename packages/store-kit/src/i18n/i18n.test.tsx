import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { setupI18n } from '@lingui/core';
import { LANGUAGE_ATTRIBUTE, LANGUAGE_COOKIE } from '@shop/api-types';
import { catalogProblems, messageArguments } from './catalogCheck';
import { createI18n, defineCatalog } from './catalog';
import { detectLanguage, LanguageProvider, switchLanguage, useLanguage } from './language';

const en = {
  'cart.add': 'Add to Cart',
  'shop.showing': 'Showing {from}-{to} of {total} results',
  'cart.items': '{count, plural, one {# item} other {# items}}',
};
const sw = {
  'cart.add': 'Weka kwenye kikapu',
  'shop.showing': 'Inaonyesha {from}-{to} kati ya {total}',
  'cart.items': '{count, plural, one {bidhaa #} other {bidhaa #}}',
};
let englishRequests = 0;
let swahiliRequests = 0;
let arrive: () => void = () => undefined;
let swahiliArrives: Promise<void> = Promise.resolve();
const catalog = defineCatalog({
  name: 'test_app',
  load: {
    en: async () => {
      englishRequests += 1;
      return { default: en };
    },
    sw: async () => {
      swahiliRequests += 1;
      await swahiliArrives;
      return { default: sw };
    },
  },
});

function Shelf(): JSX.Element {
  const t = catalog.useT();
  const { language, switchTo } = useLanguage();
  return (
    <div>
      <p>{t('cart.add')}</p>
      <p>{t('shop.showing', { from: 1, to: 10, total: 45 })}</p>
      <p>{t('cart.items', { count: 1 })}</p>
      <button type="button" onClick={() => void switchTo(language === 'en' ? 'sw' : 'en')}>
        {language}
      </button>
    </div>
  );
}

const cookie = (name: string) =>
  document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

afterEach(() => {
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
  localStorage.clear();
  document.documentElement.removeAttribute(LANGUAGE_ATTRIBUTE);
  swahiliArrives = Promise.resolve();
});

describe('translations', () => {
  it('shows the English messages without a provider (the jest setup loaded them), interpolated and plural, asking for no Swahili', () => {
    swahiliRequests = 0;
    render(<Shelf />);
    expect(screen.getByText('Add to Cart')).toBeTruthy();
    expect(screen.getByText('Showing 1-10 of 45 results')).toBeTruthy();
    expect(screen.getByText('1 item')).toBeTruthy();
    expect(swahiliRequests).toBe(0);
  });

  it('loads English as a language of its own: an English instance waits for it, a Swahili one never asks for it', async () => {
    englishRequests = 0;
    swahiliRequests = 0;
    const english = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(catalog.isLoaded(english, 'en')).toBe(false);
    await createI18n('en', [catalog]).then((i18n) => expect(i18n._('test_app:cart.add')).toBe('Add to Cart'));
    expect([englishRequests, swahiliRequests]).toEqual([1, 0]);
    const swahili = await createI18n('sw', [catalog]);
    expect(swahili._('test_app:cart.add')).toBe('Weka kwenye kikapu');
    expect([englishRequests, swahiliRequests]).toEqual([1, 1]);
  });

  it("shows English when another language's chunk does not arrive, and nothing worse", async () => {
    const lost = defineCatalog({
      name: 'lost_app',
      load: { en: async () => ({ default: en }), sw: () => Promise.reject(new Error('ChunkLoadError')) },
    });
    const i18n = await createI18n('sw', [lost]);
    expect(lost.isLoaded(i18n, 'sw')).toBe(true);
    expect(i18n._('lost_app:cart.add')).toBe('Add to Cart');
    expect(i18n._('lost_app:cart.items', { count: 2 })).toBe('2 items');
  });

  it('draws in Swahili with an instance made for it (a renderer, a test)', async () => {
    const i18n = await createI18n('sw', [catalog]);
    render(
      <LanguageProvider i18n={i18n}>
        <Shelf />
      </LanguageProvider>,
    );
    expect(screen.getByText('Weka kwenye kikapu')).toBeTruthy();
    expect(screen.getByText('Inaonyesha 1-10 kati ya 45')).toBeTruthy();
    expect(screen.getByText('bidhaa 1')).toBeTruthy();
  });

  it('switches without a reload, remembers the choice in the cookie and local storage, and sets <html lang>', async () => {
    const i18n = await createI18n('en', [catalog]);
    render(
      <LanguageProvider i18n={i18n}>
        <Shelf />
      </LanguageProvider>,
    );
    await act(async () => screen.getByRole('button', { name: 'en' }).click());
    expect(await screen.findByText('Weka kwenye kikapu')).toBeTruthy();
    expect(cookie(LANGUAGE_COOKIE)).toBe('sw');
    expect(localStorage.getItem('shop_lang')).toBe('"sw"');
    await act(async () => switchLanguage('en', i18n));
    expect(screen.getByText('Add to Cart')).toBeTruthy();
    expect(cookie(LANGUAGE_COOKIE)).toBe('en');
    // The page's own instance also tells the document (screen readers, the browser's translate offer).
    await act(async () => switchLanguage('sw'));
    expect(document.documentElement.lang).toBe('sw');
    await act(async () => switchLanguage('en'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('waits (Suspense) for a catalog not yet arrived, instead of showing English first', async () => {
    const i18n = setupI18n({ locale: 'sw', messages: { sw: {} } });
    swahiliArrives = new Promise((resolve) => (arrive = resolve));
    render(
      <LanguageProvider i18n={i18n}>
        <Suspense fallback={<p>Loading</p>}>
          <Shelf />
        </Suspense>
      </LanguageProvider>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(screen.queryByText('Add to Cart')).toBeNull();
    await act(async () => arrive());
    expect(await screen.findByText('Weka kwenye kikapu')).toBeTruthy();
  });

  it('loads a part of an app catalog on its own, saying its ids as the whole catalog does', async () => {
    const partRequests: string[] = [];
    const whole = defineCatalog({
      name: 'parted_app',
      load: { en: async () => ({ default: en }), sw: async () => (partRequests.push('whole'), { default: sw }) },
    });
    const cartOnly = { 'cart.add': sw['cart.add'] };
    const cartPart = defineCatalog({
      name: 'parted_app',
      part: 'cart',
      load: {
        en: async () => ({ default: { 'cart.add': en['cart.add'] } }),
        sw: async () => (partRequests.push('cart'), { default: cartOnly }),
      },
    });
    const i18n = await createI18n('sw', [cartPart]);
    expect(partRequests).toEqual(['cart']);
    expect(cartPart.isLoaded(i18n, 'sw')).toBe(true);
    expect(whole.isLoaded(i18n, 'sw')).toBe(false);
    expect(i18n._('parted_app:cart.add')).toBe('Weka kwenye kikapu');
    await whole.load(i18n, 'sw');
    expect(partRequests).toEqual(['cart', 'whole']);
    expect(i18n._('parted_app:shop.showing', { from: 1, to: 10, total: 45 })).toBe('Inaonyesha 1-10 kati ya 45');

    // With the whole catalog in an instance first, the part asks for nothing more.
    const withWhole = await createI18n('sw', [whole]);
    await cartPart.load(withWhole, 'sw');
    expect(partRequests).toEqual(['cart', 'whole', 'whole']);
    expect(cartPart.isLoaded(withWhole, 'sw')).toBe(true);
    expect(withWhole._('parted_app:cart.add')).toBe('Weka kwenye kikapu');
  });

  it('finds the language: the gateway’s, then the cookie, then local storage, then the browser', () => {
    expect(detectLanguage()).toBe('en');
    const languages = jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['sw-KE', 'en']);
    expect(detectLanguage()).toBe('sw');
    localStorage.setItem('shop_lang', '"en"');
    expect(detectLanguage()).toBe('en');
    document.cookie = `${LANGUAGE_COOKIE}=sw; Path=/`;
    expect(detectLanguage()).toBe('sw');
    document.documentElement.setAttribute(LANGUAGE_ATTRIBUTE, 'en');
    expect(detectLanguage()).toBe('en');
    languages.mockRestore();
  });
});

describe('the completeness check', () => {
  it('reads the arguments of a message, inside plurals too', () => {
    expect(messageArguments('{count, plural, one {# of {name}} other {# of {name}s}} in {place}')).toEqual(['count', 'name', 'place']);
  });

  it('names missing, extra and mismatched translations', () => {
    expect(catalogProblems({ en, translations: { sw } })).toEqual([]);
    expect(
      catalogProblems({
        en,
        translations: { sw: { 'cart.add': ' ', 'shop.showing': 'Inaonyesha {from}-{to}', 'cart.items': '{count}', 'old.key': 'x' } },
      }),
    ).toEqual([
      '"cart.add" has no sw translation',
      '"shop.showing" in sw uses {from, to} where English uses {from, to, total}',
      '"old.key" in sw is not in the English catalog',
    ]);
  });
});
