import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { catalogProblems } from '@shop/store-kit/i18n/catalogCheck';
import { createI18n } from '@shop/store-kit';
import { BASKET_PART, basketCatalog } from './basket';
import { CHECKOUT_PART, checkoutCatalog } from './index';
import en from './locales/en.json';
import sw from './locales/sw.json';
import { RESULTS_PART, resultsCatalog } from './results';

/** Each part of the checkout's catalog: its file, the ids it names, and the pages' folders that use it. */
const PARTS = [
  { file: 'basket.ts', names: BASKET_PART, catalog: basketCatalog, folders: ['cart', 'drawer'] },
  { file: 'index.ts', names: CHECKOUT_PART, catalog: checkoutCatalog, folders: ['checkout'] },
  { file: 'results.ts', names: RESULTS_PART, catalog: resultsCatalog, folders: ['success', 'failed', 'orderPayment'] },
];

const inPart = (names: readonly string[]) => (id: string) => names.some((name) => id === name || id.startsWith(`${name}.`));
const part = (messages: Record<string, string>, names: readonly string[]) =>
  Object.fromEntries(Object.entries(messages).filter(([id]) => inPart(names)(id)));

describe.each(PARTS)("the checkout catalog's part in $file", ({ file, names, catalog, folders }) => {
  it('asks the build for the areas it names in every language, no more and no fewer', () => {
    const source = readFileSync(path.join(__dirname, file), 'utf8');
    for (const language of ['en', 'sw']) {
      const asked = [...source.matchAll(new RegExp(String.raw`${language}\.json\?only=([\w.,]+)`, 'g'))].map((match) => match[1]);
      expect({ language, asked }).toEqual({ language, asked: [names.join(',')] });
    }
    const declared = readFileSync(path.join(__dirname, 'catalogParts.d.ts'), 'utf8');
    expect(declared).toContain(`en.json?only=${names.join(',')}'`);
    expect(declared).toContain(`sw.json?only=${names.join(',')}'`);
  });

  it('holds every string of those areas in Swahili', () => {
    expect(Object.keys(part(en, names)).length).toBeGreaterThan(10);
    expect(catalogProblems({ en: part(en, names), translations: { sw: part(sw, names) } })).toEqual([]);
  });

  it('has every id its pages use (the build leaves the others out)', () => {
    const used = folders.flatMap((folder) =>
      readdirSync(path.join(__dirname, '..', folder))
        .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
        .flatMap((name) =>
          [...readFileSync(path.join(__dirname, '..', folder, name), 'utf8').matchAll(/\bt\('([\w.]+)'/g)].map((match) => match[1]!),
        ),
    );
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((id) => !inPart(names)(id))).toEqual([]);
  });

  it('says its pages in Swahili', async () => {
    const i18n = await createI18n('sw', [catalog]);
    const first = Object.keys(part(sw, names)).find((id) => !id.startsWith('server.'))!;
    expect(i18n._(`mf_checkout:${first}`)).toBe(sw[first as keyof typeof sw]);
  });
});

it("says the minimum order the server names in the cart's part", async () => {
  const i18n = await createI18n('sw', [basketCatalog]);
  expect(i18n._('mf_checkout:cart.title')).toBe(sw['cart.title']);
  expect(i18n._('mf_checkout:server.minimumOrder')).toBe(sw['server.minimumOrder']);
});
