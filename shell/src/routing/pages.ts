/**
 * The storefront's pages, declared once (spec section 2): the shell's routes are made from this
 * table (routes.tsx), and the gateway reads it from the shell's server build (dist/server/pages.js)
 * for each page's first screen: which remote draws it, what it preloads, whether it is drawn into
 * the HTML. Plain data with no React in it, so the gateway loads it cheaply on its hot path.
 *
 * Order matters: the gateway takes the first page whose pattern matches, so a more particular
 * pattern comes before a more general one, as the router ranks them (routes.test.tsx checks it).
 * The :params are the names the owning module reads with useParams().
 *
 * Each storefront page's title and description are in English and Kiswahili (`sw`): the gateway
 * writes the page's head in its language, the shell sets them on navigation in the one shown. The
 * back office stays English.
 */
import type { StorefrontPage } from '@shop/api-types';
import type { PageModule, RemotePageOwner } from '../federation/remoteTypes';

/** The shell's own pages (routes.tsx gives each its element). */
export type ShellPageName = 'faqs' | 'return-policy' | 'privacy-policy' | 'terms' | 'not-found';

// A module its remote does not publish, or one that needs props, fails the typecheck (remoteTypes.ts).
const catalogue = (module: PageModule<'mf_catalog'>) => ({ remote: 'mf_catalog' as const, module });
const account = (module: PageModule<'mf_account'>) => ({ remote: 'mf_account' as const, module });
const checkout = (module: PageModule<'mf_checkout'>) => ({ remote: 'mf_checkout' as const, module });

/** What the shop pages start with besides their products: the brand and product-type filters. */
const FILTERS = ['/api/site/brands', '/api/site/categories'];

export const STOREFRONT_PAGES: Array<StorefrontPage<ShellPageName, RemotePageOwner>> = [
  // The back office has its own layout (antd), outside the storefront's header and footer.
  {
    path: '/admin/*',
    owner: { remote: 'mf_admin', module: 'AdminApp' },
    ownLayout: true,
    meta: { title: 'Back Office', description: 'Shwari Shop back office.' },
  },
  {
    path: '/',
    owner: catalogue('HomePage'),
    meta: {
      title: 'Shwari Shop',
      description:
        'Maize meal, wheat and baking flour, porridge flours, rice, cooking oil and animal feeds from our mills, delivered free across Kenya.',
      sw: {
        title: 'Shwari Shop',
        description:
          'Unga wa ugali, unga wa ngano na wa kuoka, unga wa uji, mchele, mafuta ya kupikia na chakula cha mifugo kutoka viwanda vyetu, usafirishaji bure kote Kenya.',
      },
    },
    firstScreen: {
      preload: [
        '/api/site/brands',
        '/api/site/products/featured',
        '/api/site/products/sort_filter?sort=popular',
        '/api/site/products/favorites',
      ],
      drawn: 'shared',
      query: [],
    },
  },
  {
    path: '/shop/all',
    owner: catalogue('ShopPage'),
    meta: {
      title: 'Shop',
      description: 'Every product from our mills, with brand and product-type filters.',
      sw: { title: 'Duka', description: 'Bidhaa zote za viwanda vyetu: chagua kwa chapa au aina ya bidhaa.' },
    },
    firstScreen: { preload: [...FILTERS, '/api/site/products/filter?brand=all'], drawn: 'shared', query: ['sort'] },
  },
  {
    path: '/shop/:brandSlug',
    owner: catalogue('ShopPage'),
    meta: {
      title: 'Shop',
      description: 'Products of one of our brands.',
      sw: { title: 'Duka', description: 'Bidhaa za mojawapo ya chapa zetu.' },
    },
    firstScreen: { preload: [...FILTERS, '/api/site/products/filter/:brandSlug'], drawn: 'shared', query: ['sort'] },
  },
  {
    path: '/shop/:brandSlug/:categorySlug',
    owner: catalogue('ShopPage'),
    meta: { title: 'Shop', description: 'Products by brand and type.', sw: { title: 'Duka', description: 'Bidhaa kwa chapa na aina.' } },
    firstScreen: { preload: FILTERS, drawn: 'shared', query: ['sort'] },
  },
  {
    path: '/brand/:slug',
    owner: catalogue('BrandPage'),
    meta: {
      title: 'Brand',
      description: 'Products of one of our brands.',
      sw: { title: 'Chapa', description: 'Bidhaa za mojawapo ya chapa zetu.' },
    },
    firstScreen: { preload: ['/api/site/brands', '/api/site/products/filter/:slug'], drawn: 'shared', query: [] },
  },
  {
    path: '/product/:slug',
    owner: catalogue('ProductPage'),
    meta: {
      title: 'Product',
      description: 'Product details, price and offers.',
      sw: { title: 'Bidhaa', description: 'Maelezo ya bidhaa, bei na ofa.' },
    },
    firstScreen: { preload: ['/api/site/products/view/:slug'], drawn: 'shared', query: [] },
  },
  {
    path: '/wishlist',
    owner: catalogue('WishlistPage'),
    meta: {
      title: 'My Wishlist',
      description: 'Products you saved for later.',
      sw: { title: 'Orodha yangu ya matamanio', description: 'Bidhaa ulizoweka ili ununue baadaye.' },
    },
    firstScreen: { preload: [] },
  },
  {
    path: '/search',
    owner: catalogue('SearchPage'),
    meta: { title: 'Search', description: 'Search results.', sw: { title: 'Tafuta', description: 'Matokeo ya utafutaji.' } },
    firstScreen: { preload: [], drawn: 'shared', query: ['q'] },
  },
  {
    path: '/login',
    owner: account('LoginPage'),
    meta: {
      title: 'Login',
      description: 'Sign in to your Shwari Shop account.',
      sw: { title: 'Ingia', description: 'Ingia kwenye akaunti yako ya Shwari Shop.' },
    },
    firstScreen: { preload: [] },
  },
  {
    path: '/register',
    owner: account('RegisterPage'),
    meta: {
      title: 'Register',
      description: 'Create an account and earn 20 Shwari Points.',
      sw: { title: 'Jisajili', description: 'Fungua akaunti upate Pointi za Shwari 20.' },
    },
    firstScreen: { preload: [] },
  },
  {
    path: '/forgot-password',
    owner: account('ForgotPasswordPage'),
    meta: {
      title: 'Forgot Password',
      description: 'Reset your password with a code sent to your email.',
      sw: { title: 'Umesahau nenosiri?', description: 'Weka nenosiri jipya kwa msimbo tutakaokutumia kwa barua pepe.' },
    },
    firstScreen: { preload: [] },
  },
  {
    path: '/profile/*',
    owner: account('ProfileArea'),
    signedOut: '/login',
    meta: {
      title: 'My Account',
      description: 'Your profile, addresses and Shwari Points.',
      sw: { title: 'Akaunti yangu', description: 'Wasifu wako, anwani zako na Pointi zako za Shwari.' },
    },
    firstScreen: { preload: [] },
  },
  {
    path: '/cart',
    owner: checkout('CartPage'),
    meta: {
      title: 'Cart',
      description: 'Your shopping cart. Free delivery countrywide.',
      sw: { title: 'Kikapu', description: 'Kikapu chako cha ununuzi. Usafirishaji bure kote nchini.' },
    },
    firstScreen: { preload: [], drawn: 'cart', query: [] },
  },
  {
    path: '/checkout',
    owner: checkout('CheckoutPage'),
    meta: {
      title: 'Checkout',
      description: 'Delivery details and secure online payment.',
      sw: { title: 'Malipo', description: 'Maelezo ya kukuletea oda na malipo salama mtandaoni.' },
    },
    firstScreen: { preload: [], drawn: 'cart', query: [] },
  },
  {
    path: '/success',
    owner: checkout('SuccessPage'),
    // Neutral: the page asks the server whether the order is paid; the head drawn before it must not say so.
    meta: {
      title: 'Your order',
      description: 'Your order and its payment.',
      sw: { title: 'Oda yako', description: 'Oda yako na malipo yake.' },
    },
    firstScreen: { preload: [] },
  },
  {
    path: '/failed',
    owner: checkout('FailedPage'),
    meta: {
      title: 'Payment not completed',
      description: 'Your order could not be processed.',
      sw: { title: 'Malipo hayajakamilika', description: 'Hatukuweza kushughulikia oda yako.' },
    },
    firstScreen: { preload: [] },
  },
  {
    path: '/chat',
    owner: { remote: 'mf_chat', module: 'ChatPage' },
    meta: {
      title: 'Shopping Assistant',
      description: 'Ask our shopping assistant for products, fill your cart and pay, all in one conversation.',
      sw: {
        title: 'Msaidizi wa ununuzi',
        description: 'Muulize msaidizi wetu wa ununuzi bidhaa unazotaka, jaza kikapu na ulipe, yote kwenye mazungumzo moja.',
      },
    },
  },
  {
    path: '/faqs',
    owner: { shell: 'faqs' },
    meta: {
      title: 'FAQs',
      description: 'Answers about orders, delivery, payment, returns and Shwari Points.',
      sw: {
        title: 'Maswali ya mara kwa mara',
        description: 'Majibu kuhusu oda, usafirishaji, malipo, kurudisha bidhaa na Pointi za Shwari.',
      },
    },
  },
  {
    path: '/return-policy',
    owner: { shell: 'return-policy' },
    meta: {
      title: 'Return Policy',
      description: 'Refunds, returns and exchanges.',
      sw: { title: 'Sera ya kurudisha bidhaa', description: 'Kurudishiwa pesa, kurudisha na kubadilisha bidhaa.' },
    },
  },
  {
    path: '/privacy-policy',
    owner: { shell: 'privacy-policy' },
    meta: {
      title: 'Privacy Policy',
      description: 'How we handle your data.',
      sw: { title: 'Sera ya faragha', description: 'Jinsi tunavyoshughulikia taarifa zako.' },
    },
  },
  {
    path: '/terms',
    owner: { shell: 'terms' },
    meta: {
      title: 'Terms and Conditions',
      description: 'The terms of buying from our shop.',
      sw: { title: 'Vigezo na masharti', description: 'Masharti ya kununua kutoka duka letu.' },
    },
  },
  // Last: everything no other page takes, answered 404 by the gateway.
  {
    path: '*',
    owner: { shell: 'not-found' },
    notFound: true,
    meta: {
      title: 'Page not found',
      description: 'The page you asked for is not here.',
      sw: { title: 'Ukurasa haupatikani', description: 'Ukurasa uliouomba haupo hapa.' },
    },
  },
];
