import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Product } from '@shop/api-types';
import { ARTIFACTS_DIR, eventually, launchBrowser, openJourney, pictureArrived, PHONE, LAPTOP, shopRendered } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

/**
 * The storefront laid out for a cheap Android phone (412 px) and a laptop (1366 px): nothing wider
 * than the screen, text readable, nothing covering what the shopper came to press. Every test
 * saves what it looked at in e2e/artifacts/phone-layout/ (kept on success too, for review).
 */

const SHOTS_DIR = path.join(ARTIFACTS_DIR, 'phone-layout');

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  [shop, browser] = await Promise.all([startShop({ slot: 12 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

async function boxOf(locator: Locator): Promise<Box> {
  // The drawn first screen is replaced by the live remote once its scripts run, at any moment on a
  // slow machine: the element shown can be gone before it is measured, so measure until one stays.
  const box = await eventually(
    async () => {
      await locator.waitFor({ state: 'visible' });
      return locator.boundingBox();
    },
    (measured) => measured !== null,
  );
  if (!box) throw new Error('The element is not displayed');
  return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
}

const shoot = (page: Page, name: string, fullPage = false): Promise<Buffer> =>
  page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage });

/** How wide the page is laid out: wider than the screen means the shopper scrolls sideways. */
const pageWidth = (page: Page): Promise<number> => page.evaluate(() => document.scrollingElement!.scrollWidth);

/** The page opened and the shop's own render in place of the drawn copy (which is replaced whole, focus and all). */
async function shopTakenOver(page: Page, path: string): Promise<void> {
  await page.goto(`${shop.url}${path}`);
  await shopRendered(page);
}

async function logIn(page: Page): Promise<void> {
  await page.goto(`${shop.url}/login`);
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('customer@example.com');
  await page.getByLabel(/^Password( \*)?$/).fill('Customer@123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/profile\/my-account$/);
}

it('register: every field inside the card and the screen, on a phone and a laptop', async () => {
  for (const viewport of [PHONE, LAPTOP]) {
    const { page, context } = await openJourney(browser, viewport);
    await page.goto(`${shop.url}/register`);
    const lastName = page.getByRole('textbox', { name: 'Last name' });
    await lastName.waitFor();
    await shoot(page, `register-${viewport.width}`, true);

    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    const card = await boxOf(page.locator('section', { has: page.getByRole('heading', { name: 'Register' }) }));
    for (const name of ['First name', 'Last name', 'Email address', 'Phone']) {
      const field = await boxOf(page.getByRole('textbox', { name }));
      expect(field.left).toBeGreaterThanOrEqual(card.left);
      expect(field.right).toBeLessThanOrEqual(card.right);
      expect(field.right).toBeLessThanOrEqual(viewport.width);
    }
    await context.close();
  }
});

it('orders and order detail on a phone: each order and item a card, the page no wider than the screen, the totals not under the chat button', async () => {
  const { page, context } = await openJourney(browser, PHONE);
  await logIn(page);
  await page.goto(`${shop.url}/profile/orders`);
  await page.getByTestId('order-row').first().waitFor();
  await shoot(page, 'orders-412', true);
  // Each order a card: its status, payment and links on the screen, with no sideways scrolling.
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  for (const row of await page.getByTestId('order-row').all()) {
    expect((await boxOf(row)).right).toBeLessThanOrEqual(PHONE.width);
    expect(await row.getByRole('link').count()).toBe(3);
    for (const link of await row.getByRole('link').all()) expect((await boxOf(link)).right).toBeLessThanOrEqual(PHONE.width);
  }
  await page
    .getByRole('link', { name: /^Track order/ })
    .first()
    .click();
  await page.getByRole('heading', { name: 'Items' }).waitFor();
  await page.getByRole('heading', { name: 'Items' }).scrollIntoViewIfNeeded();
  await shoot(page, 'order-detail-412');
  await shoot(page, 'order-detail-412-full', true);

  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  const items = page.getByTestId('order-item');
  expect(await items.count()).toBeGreaterThan(0);
  for (const item of await items.all()) {
    const box = await boxOf(item);
    expect(box.right).toBeLessThanOrEqual(PHONE.width);
    // Stacked: the quantity and the line total sit below the product's name, not beside it.
    const name = await boxOf(item.getByTestId('order-item-name'));
    const total = await boxOf(item.getByTestId('order-item-total'));
    expect(total.top).toBeGreaterThanOrEqual(name.bottom);
  }

  // Scrolled down until the subtotal's amount is where the chat button stands: the button has
  // stepped aside, and it is back as soon as the shopper scrolls up.
  const bubble = page.getByRole('button', { name: 'Chat with our shopping assistant' });
  const bubbleHome = await boxOf(bubble);
  const amount = page.locator('dt', { hasText: /^Subtotal$/ }).locator('xpath=following-sibling::dd[1]');
  const amountTop = await amount.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  const wanted = Math.round(amountTop - (bubbleHome.top + 12));
  await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
  while ((await page.evaluate(() => window.scrollY)) < wanted - 2) {
    await page.mouse.wheel(0, Math.min(250, wanted - (await page.evaluate(() => window.scrollY))));
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(500); // the button's move
  await shoot(page, 'order-totals-412');
  const amountBox = await boxOf(amount);
  expect(overlaps(amountBox, bubbleHome)).toBe(true);
  expect(overlaps(amountBox, await boxOf(bubble))).toBe(false);
  await page.mouse.wheel(0, -150);
  await page.waitForTimeout(500);
  await shoot(page, 'order-totals-412-scrolled-up');
  expect(await boxOf(bubble)).toEqual(bubbleHome);
  await context.close();
});

/**
 * The first banner's text as the shopper sees it: the shown picture's SVG is laid over the image
 * at the same place and size, and each text's box and font size read in screen pixels.
 */
async function bannerText(page: Page): Promise<Array<Box & { fontSize: number; text: string }>> {
  const image = page.locator('[aria-roledescription="slide"] img').first();
  const shown = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
  // The first banner is inlined (a data URL), which the page's own fetch may not read (CSP).
  // The build inlines an SVG as percent-encoded text (mf-config's inlineDataUrl), other files as base64.
  const [, base64, text] = shown.match(/^data:image\/svg\+xml(?:;base64,(.*)|,(.*))$/s) ?? [];
  const svgSource =
    base64 !== undefined
      ? Buffer.from(base64, 'base64').toString('utf8')
      : text !== undefined
        ? decodeURIComponent(text)
        : await (await page.request.get(shown)).text();
  return image.evaluate((element: HTMLImageElement, source: string) => {
    const rect = element.getBoundingClientRect();
    const holder = document.createElement('div');
    holder.style.cssText = `position:fixed;left:${rect.left}px;top:${rect.top}px;width:${rect.width}px;height:${rect.height}px;visibility:hidden;pointer-events:none`;
    holder.innerHTML = source;
    const svg = holder.querySelector('svg')!;
    svg.setAttribute('width', '100%');
    svg.setAttribute('height', '100%');
    // The image is drawn with object-fit: cover, which is the SVG's own "slice".
    svg.setAttribute('preserveAspectRatio', 'xMidYMid slice');
    document.body.append(holder);
    const texts = Array.from(svg.querySelectorAll('text')).map((text) => {
      const box = text.getBoundingClientRect();
      const scale = text.getScreenCTM()!.a;
      return {
        left: box.left,
        top: box.top,
        right: box.right,
        bottom: box.bottom,
        fontSize: parseFloat(getComputedStyle(text).fontSize) * scale,
        text: text.textContent ?? '',
      };
    });
    holder.remove();
    return texts;
  }, svgSource);
}

it('home banner: the phone gets its own artwork, text of 14 px or more and dots clear of it', async () => {
  for (const viewport of [PHONE, LAPTOP]) {
    const { page, context } = await openJourney(browser, viewport);
    await page.goto(`${shop.url}/`);
    const image = page.locator('[aria-roledescription="slide"] img').first();
    await pictureArrived(image);
    await shoot(page, `home-${viewport.width}`);

    const texts = await bannerText(page);
    expect(texts.length).toBeGreaterThan(0);
    const banner = await boxOf(page.getByRole('region', { name: 'Offers' }));
    const dots = await boxOf(page.getByRole('button', { name: 'Show banner 1' }).locator('..'));
    for (const text of texts) {
      // Only what the shopper can see counts (object-fit may crop the artwork's edges).
      if (!overlaps(text, banner)) continue;
      expect({ text: text.text, fontSize: text.fontSize >= 14 }).toEqual({ text: text.text, fontSize: true });
      expect({ text: text.text, overDots: overlaps(text, dots) }).toEqual({ text: text.text, overDots: false });
    }
    // The phone is shown the <picture>'s phone source, a wider screen the image's own artwork.
    const showsOwnSource = await image.evaluate((element: HTMLImageElement) => element.currentSrc === element.src);
    expect(showsOwnSource).toBe(viewport !== PHONE);
    await context.close();
  }
});

it('shop: every product type reachable, wrapped on a laptop and by keyboard on a phone', async () => {
  {
    const { page, context } = await openJourney(browser, LAPTOP);
    await shopTakenOver(page, '/shop/all');
    const types = page.getByRole('navigation', { name: 'Product types' });
    await types.getByRole('link').nth(3).waitFor();
    await shoot(page, 'shop-1366');
    const row = await boxOf(types);
    for (const link of await types.getByRole('link').all()) {
      const box = await boxOf(link);
      expect({ link: await link.innerText(), inside: box.left >= row.left && box.right <= row.right && box.right <= LAPTOP.width }).toEqual(
        {
          link: await link.innerText(),
          inside: true,
        },
      );
    }
    await context.close();
  }
  {
    const { page, context } = await openJourney(browser, PHONE);
    await shopTakenOver(page, '/shop/all');
    const types = page.getByRole('navigation', { name: 'Product types' });
    await types.getByRole('link').nth(3).waitFor();
    await shoot(page, 'shop-412');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const links = await types.getByRole('link').all();
    await links[0]!.focus();
    for (const [index, link] of links.entries()) {
      if (index > 0) await page.keyboard.press('Tab');
      expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
      const row = await boxOf(types);
      const box = await boxOf(link);
      expect(box.left >= row.left - 1 && box.right <= row.right + 1).toBe(true);
    }
    await shoot(page, 'shop-412-last-type-focused');
    await context.close();
  }
});

it('toasts: one per message, gone on the next page, never over the drawer’s Checkout button', async () => {
  const { page, context } = await openJourney(browser, PHONE);
  // The same error twice: one toast.
  await page.goto(`${shop.url}/login`);
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('customer@example.com');
  await page.getByLabel(/^Password( \*)?$/).fill('not-the-password');
  const logInButton = page.getByRole('button', { name: 'Log in' });
  await logInButton.click();
  const errorToast = page.locator('.Toastify__toast--error');
  await errorToast.first().waitFor();
  await eventually(
    () => logInButton.isEnabled(),
    (enabled) => enabled,
  );
  await logInButton.click();
  await page.waitForTimeout(1000);
  await shoot(page, 'toast-login-error-412');
  expect(await errorToast.count()).toBe(1);
  // The shopper moves on: the error of the last page does not follow.
  await page.getByRole('link', { name: 'Lost your password?' }).click();
  await page.waitForURL(/\/forgot-password$/);
  await eventually(
    () => errorToast.count(),
    (count) => count === 0,
  );

  // A toast raised while the cart drawer is open stays off its Checkout button.
  const products = (await (await page.request.get(`${shop.url}/api/site/products`)).json()) as Product[];
  const [first, second] = products.filter((product) => product.price > 1000);
  for (const product of [first!, second!]) {
    await page.goto(`${shop.url}/product/${product.slug}`);
    await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
    await page.getByText(`${product.name} added to cart`).first().waitFor();
  }
  await page.getByRole('link', { name: /^Cart, \d+ items$/ }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Checkout' }).waitFor();
  await drawer.getByRole('button', { name: `Remove ${second!.name} from cart` }).click();
  const toast = page.locator('.Toastify__toast').filter({ hasText: `${second!.name} removed from cart` });
  await toast.waitFor();
  await page.waitForTimeout(800); // the toast's entrance animation
  await shoot(page, 'toast-over-drawer-412');
  expect(overlaps(await boxOf(toast), await boxOf(drawer.getByRole('button', { name: 'Checkout' })))).toBe(false);
  await context.close();
});

it('chat bubble clear of the copyright; quick view dims the page; grid or list kept on reload', async () => {
  const { page, context } = await openJourney(browser, PHONE);
  await page.goto(`${shop.url}/`);
  const copyright = page.getByText(/^Copyright ©/);
  // The footer is laid out when scrolled near (content-visibility): scroll until the page ends.
  await eventually(
    async () => {
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      await page.waitForTimeout(200);
      return page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.scrollingElement!.scrollHeight);
    },
    (atEnd) => atEnd,
  );
  await shoot(page, 'footer-412');
  // Scrolled to the end, the page's last line may sit a fraction of a pixel past the edge (a
  // fractional layout height against a whole-pixel scroll): that is on screen, a pixel is not.
  expect((await boxOf(copyright)).bottom).toBeLessThan(PHONE.height + 1);
  const bubble = page.getByRole('button', { name: 'Chat with our shopping assistant' });
  // The words themselves (the paragraph's box includes its padding, which the bubble may cover).
  const words = await copyright.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { left, top, right, bottom } = range.getBoundingClientRect();
    return { left, top, right, bottom };
  });
  expect(overlaps(await boxOf(bubble), words)).toBe(false);

  // Quick view from the best sellers: the whole screen behind it is dimmed.
  await shopRendered(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const quickView = page.getByRole('button', { name: /^Quick View / }).first();
  await quickView.scrollIntoViewIfNeeded();
  await quickView.click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await shoot(page, 'quick-view-412');
  const dimmed = await page.evaluate(() => {
    const dialogElement = document.querySelector('[role="dialog"]')!;
    const corners = [
      [2, 2],
      [window.innerWidth - 3, 2],
      [2, window.innerHeight - 3],
      [window.innerWidth - 3, window.innerHeight - 3],
    ];
    return corners.map(([x, y]) => {
      const element = document.elementFromPoint(x!, y!) as HTMLElement | null;
      const overlay = dialogElement.parentElement!;
      return element === overlay && getComputedStyle(overlay).backgroundColor !== 'rgba(0, 0, 0, 0)';
    });
  });
  expect(dimmed).toEqual([true, true, true, true]);
  await page.keyboard.press('Escape');

  // The list layout, chosen once, is there again after a reload.
  await page.goto(`${shop.url}/shop/all`);
  const list = page.getByRole('button', { name: 'List', exact: true });
  await list.click();
  expect(await list.getAttribute('aria-pressed')).toBe('true');
  await page.reload();
  await page.getByTestId('product-card').first().waitFor();
  await eventually(
    () => page.getByRole('button', { name: 'List', exact: true }).getAttribute('aria-pressed'),
    (pressed) => pressed === 'true',
  );
  await shoot(page, 'shop-list-after-reload-412');
  await context.close();
});
