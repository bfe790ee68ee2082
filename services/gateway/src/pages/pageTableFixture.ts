import fs from 'node:fs';
import path from 'node:path';
import type { StorefrontPage } from '@shop/api-types';
import { pageTableFile } from './pageTable';

/**
 * A stand-in for the shell's page table in the gateway's tests, in the shape the shell declares
 * (shell/src/routing/pages.ts): the tests of the gateway's mechanisms do not depend on which pages
 * the shop has today. pageTable.contract.test.ts checks the shell's real table.
 */
export const TEST_PAGES: StorefrontPage[] = [
  { path: '/admin/*', owner: { remote: 'mf_admin', module: 'AdminApp' }, ownLayout: true, meta: { title: 'Back Office', description: '' } },
  {
    path: '/',
    owner: { remote: 'mf_catalog', module: 'HomePage' },
    meta: { title: 'Shwari Shop', description: '' },
    firstScreen: {
      preload: [
        '/api/site/brands',
        '/api/site/products/featured',
        '/api/site/products/sort_filter?sort=popular',
        '/api/site/products/favorites',
      ],
      drawn: 'shared',
    },
  },
  {
    path: '/shop/all',
    owner: { remote: 'mf_catalog', module: 'ShopPage' },
    meta: { title: 'Shop', description: '' },
    firstScreen: { preload: ['/api/site/products/filter?brand=all'], drawn: 'shared', query: ['sort'] },
  },
  {
    path: '/shop/:brandSlug',
    owner: { remote: 'mf_catalog', module: 'ShopPage' },
    meta: { title: 'Shop', description: '' },
    firstScreen: { preload: ['/api/site/products/filter/:brandSlug'], drawn: 'shared' },
  },
  {
    path: '/search',
    owner: { remote: 'mf_catalog', module: 'SearchPage' },
    meta: { title: 'Search', description: '' },
    firstScreen: { preload: [], drawn: 'shared', query: ['q'] },
  },
  {
    path: '/product/:slug',
    owner: { remote: 'mf_catalog', module: 'ProductPage' },
    meta: { title: 'Product', description: '', sw: { title: 'Bidhaa', description: 'Maelezo ya bidhaa, bei na ofa.' } },
    firstScreen: { preload: ['/api/site/products/view/:slug'], drawn: 'shared' },
  },
  {
    path: '/wishlist',
    owner: { remote: 'mf_catalog', module: 'WishlistPage' },
    meta: { title: 'My Wishlist', description: '' },
    firstScreen: { preload: [] },
  },
  {
    path: '/login',
    owner: { remote: 'mf_account', module: 'LoginPage' },
    meta: { title: 'Login', description: '', sw: { title: 'Ingia', description: 'Ingia kwenye akaunti yako.' } },
    firstScreen: { preload: [] },
  },
  {
    path: '/profile/*',
    owner: { remote: 'mf_account', module: 'ProfileArea' },
    meta: { title: 'My Account', description: '' },
    signedOut: '/login',
    firstScreen: { preload: [] },
  },
  {
    path: '/cart',
    owner: { remote: 'mf_checkout', module: 'CartPage' },
    meta: { title: 'Cart', description: '' },
    firstScreen: { preload: [], drawn: 'cart' },
  },
  {
    path: '/checkout',
    owner: { remote: 'mf_checkout', module: 'CheckoutPage' },
    meta: { title: 'Checkout', description: '' },
    firstScreen: { preload: [], drawn: 'cart' },
  },
  { path: '/chat', owner: { remote: 'mf_chat', module: 'ChatPage' }, meta: { title: 'Shopping Assistant', description: '' } },
  { path: '/faqs', owner: { shell: 'faqs' }, meta: { title: 'FAQs', description: '' } },
  {
    path: '*',
    owner: { shell: 'not-found' },
    notFound: true,
    meta: { title: 'Page not found', description: '', sw: { title: 'Ukurasa haupatikani', description: '' } },
  },
];

/** The table as the shell's server build writes it (dist/server/pages.js): a CommonJS file. */
export function writePageTable(shellDir: string, pages: readonly StorefrontPage[] = TEST_PAGES): void {
  fs.mkdirSync(path.dirname(pageTableFile(shellDir)), { recursive: true });
  fs.writeFileSync(pageTableFile(shellDir), `module.exports.STOREFRONT_PAGES = ${JSON.stringify(pages)};\n`);
}
