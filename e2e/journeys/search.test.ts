/**
 * The shop's one search (issue 26): the header suggests as the shopper types, a suggestion is
 * picked with the keyboard alone, the results page has one search box, a Swahili query with a
 * size is understood (and a size that is not sold is said plainly), and the search page, the
 * header and the assistant put the same product first.
 */
import type { Browser } from 'playwright-core';
import type { ChatReply, SearchAnswer, SearchSuggestAnswer } from '@shop/api-types';
import { launchBrowser, openJourney, withScreenshotOnFailure } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 0 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

it('suggests as the shopper types (a typo too) and opens a suggestion picked with the arrows and Enter', async () => {
  const { page, errors } = await openJourney(browser, { width: 1280, height: 900 });
  await withScreenshotOnFailure(page, 'search-suggestions', async () => {
    await page.goto(`${shop.url}/shop/all`);
    await page.getByRole('button', { name: 'Search products' }).click();
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.pressSequentially('pishroi', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.getByRole('option', { name: /Nyota Pishori Rice 1kg/ }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const chosen = list.getByRole('option').nth(1);
    expect(await chosen.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await chosen.getAttribute('id'));
    const name = (await chosen.innerText())
      .split('\n')[0]!
      .replace(/KSh.*$/, '')
      .trim();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/product\/nyota-pishori-rice-/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
  });
  expect(errors).toEqual([]);
});

it('suggests from the second letter typed, not the first', async () => {
  const { page, errors } = await openJourney(browser, { width: 1280, height: 900 });
  await withScreenshotOnFailure(page, 'search-two-letters', async () => {
    await page.goto(`${shop.url}/shop/all`);
    await page.getByRole('button', { name: 'Search products' }).click();
    const box = page.getByRole('combobox', { name: 'Search products' });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/site/search/suggest')) asked += 1;
    });
    await box.pressSequentially('p');
    // Longer than the box waits after a key (150 ms) and than a local answer takes.
    await page.waitForTimeout(700);
    expect(asked).toBe(0);
    expect(await list.count()).toBe(0);
    expect(await box.getAttribute('aria-expanded')).toBe('false');

    await box.pressSequentially('i');
    await list.getByRole('option').first().waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await list.getByRole('option').first().innerText()).toMatch(/^Nyota Pishori Rice 1kg/);
    expect(asked).toBe(1);
  });
  expect(errors).toEqual([]);
});

it('shows one search box on the results page, holding the words', async () => {
  const { page } = await openJourney(browser, { width: 412, height: 900 });
  await withScreenshotOnFailure(page, 'search-one-box', async () => {
    await page.goto(`${shop.url}/search?q=maize%20flor`);
    await page.getByRole('heading', { name: 'Search results for “maize flor”' }).waitFor();
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByRole('search').count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Search products' }).inputValue()).toBe('maize flor');
    expect(await page.getByTestId('product-card').first().locator('h3').innerText()).toMatch(/Maize Meal/);
  });
});

it('understands a Swahili query with a size, and says plainly when the size is not sold', async () => {
  const { page } = await openJourney(browser, { width: 412, height: 900 });
  await withScreenshotOnFailure(page, 'search-swahili-size', async () => {
    await page.goto(shop.url);
    await page.getByRole('button', { name: 'Soma duka kwa Kiswahili' }).click();
    await page.getByRole('link', { name: 'Duka', exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Tafuta bidhaa' }).click();
    await page.getByRole('combobox', { name: 'Tafuta bidhaa' }).fill('unga wa ugali kilo mbili');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=unga/);
    await page.getByTestId('product-card').first().waitFor();
    const names = await page.getByTestId('product-card').locator('h3').allInnerTexts();
    expect(names.length).toBe(3);
    expect(names.every((name) => /Maize Meal.* 2kg$/.test(name))).toBe(true);

    await page.goto(`${shop.url}/search?q=${encodeURIComponent('mchele wa pishori kilo 3')}`);
    await page.getByText('Hakuna mchele wa pishori ya kilo 3; hii hapa ya kilo 1 na kilo 5.').waitFor();
    expect((await page.getByTestId('product-card').locator('h3').allInnerTexts()).sort()).toEqual([
      'Nyota Pishori Rice 1kg',
      'Nyota Pishori Rice 5kg',
    ]);
  });
});

it('answers the same query with the same first product on the search page, in the header and from the assistant', async () => {
  for (const query of ['pishroi', 'maize flor', 'mchele 5kg', 'mafuta lita tano', 'basmati 2kg']) {
    const page = (await (await fetch(`${shop.url}/api/site/search?q=${encodeURIComponent(query)}`)).json()) as SearchAnswer;
    const header = (await (
      await fetch(`${shop.url}/api/site/search/suggest?q=${encodeURIComponent(query)}`)
    ).json()) as SearchSuggestAnswer;
    const chat = (await (
      await fetch(`${shop.url}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: query }),
      })
    ).json()) as ChatReply;
    const first = page.products[0]?.name;
    expect(first).toBeTruthy();
    expect([query, header.suggestions[0]?.name, chat.products[0]?.name]).toEqual([query, first, first]);
  }
});
