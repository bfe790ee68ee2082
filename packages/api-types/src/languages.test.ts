import { acceptedLanguages, catalogFileLanguage, pickLanguage } from './firstScreen';

describe("the shopper's language from the browser's preferences", () => {
  it('reads Accept-Language best first, leaving out refused and wildcard entries', () => {
    expect(acceptedLanguages('en;q=0.8, sw-KE, sw;q=0.9, fr;q=0, *;q=0.1')).toEqual(['sw-KE', 'sw', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('picks the first language the shop speaks, by its primary subtag, English otherwise', () => {
    expect(pickLanguage(acceptedLanguages('sw-KE,sw;q=0.9,en;q=0.8'))).toBe('sw');
    expect(pickLanguage(['fr-FR', 'en-GB', 'sw'])).toBe('en');
    expect(pickLanguage(['SW_ke'])).toBe('sw');
    expect(pickLanguage(['fr', 'de'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

describe("a catalog chunk's language, from its file name", () => {
  it("reads the shell's, an app's and a part's chunks, with or without a folder", () => {
    expect(catalogFileLanguage('i18n-en.cbf4e210.js')).toBe('en');
    expect(catalogFileLanguage('i18n-sw.a0228b96.js')).toBe('sw');
    expect(catalogFileLanguage('i18n-checkout-sw.8ac04f9f.js')).toBe('sw');
    expect(catalogFileLanguage('/remotes/mf-checkout/i18n-basket-en.c747799f.js')).toBe('en');
  });

  it('knows no other file, nor a language the shop does not speak', () => {
    expect(catalogFileLanguage('payment.1577f15b.js')).toBeNull();
    expect(catalogFileLanguage('__federation_expose_CheckoutPage.a0e2c99e.js')).toBeNull();
    expect(catalogFileLanguage('i18n-fr.0a5a83b9.js')).toBeNull();
    expect(catalogFileLanguage('i18n-en.cbf4e210.js.map')).toBeNull();
    expect(catalogFileLanguage('my-i18n-en.cbf4e210.js')).toBeNull();
  });
});
