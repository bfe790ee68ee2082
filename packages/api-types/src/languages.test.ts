import { acceptedLanguages, pickLanguage } from './firstScreen';

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
