import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogProblems } from '@shop/store-kit/i18n/catalogCheck';
import { createI18n } from '@shop/store-kit';
import { BASKET_PART, basketCatalog } from './basket';
import en from './locales/en.json';
import sw from './locales/sw.json';

describe("the cart's part of the checkout catalog", () => {
  it('asks the build for the areas it names, no more and no fewer', () => {
    const source = readFileSync(path.join(__dirname, 'basket.ts'), 'utf8');
    const asked = [...source.matchAll(/sw\.json\?only=([\w.,]+)/g)].map((match) => match[1]);
    expect(asked).toEqual([BASKET_PART.join(',')]);
    const declared = readFileSync(path.join(__dirname, 'catalogParts.d.ts'), 'utf8');
    expect(declared).toContain(`sw.json?only=${BASKET_PART.join(',')}'`);
  });

  it('holds every string of those areas in Swahili', () => {
    const inPart = (id: string) => BASKET_PART.some((name) => id === name || id.startsWith(`${name}.`));
    const part = (messages: Record<string, string>) => Object.fromEntries(Object.entries(messages).filter(([id]) => inPart(id)));
    expect(Object.keys(part(en)).length).toBeGreaterThan(10);
    expect(catalogProblems({ en: part(en), translations: { sw: part(sw) } })).toEqual([]);
  });

  it('says the cart in Swahili, and the minimum order the server names', async () => {
    const i18n = await createI18n('sw', [basketCatalog]);
    expect(i18n._('mf_checkout:cart.title')).toBe(sw['cart.title']);
    expect(i18n._('mf_checkout:server.minimumOrder')).toBe(sw['server.minimumOrder']);
  });
});
