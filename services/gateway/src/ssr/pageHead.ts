import { SHOP_LANGUAGES, type FirstScreenPageFacts, type PageText, type ShopLanguage } from '@shop/api-types';
import { languageUrl } from './pageLanguage';

/**
 * A storefront page's head as link previews (WhatsApp, Facebook, X) and search engines read it,
 * without running a script: title, description, canonical URL, Open Graph and Twitter tags, and
 * schema.org JSON-LD (a product, a trail of breadcrumbs), in the page's language, with the
 * addresses of its versions in every language (hreflang; see pageLanguage.ts). Made with the page: in the drawing
 * thread for a drawn page (and kept with it), from the page table's title for a plain one. The
 * browser's own meta (store-kit's applyPageMeta) updates the same elements when the shopper moves on.
 *
 * Everything a renderer or the catalogue wrote is escaped here: text and attributes as HTML, the
 * JSON-LD with '<' (so '</script>' in a name cannot close its element), '>' and '&' as \u escapes.
 */

export const SITE_NAME = 'Shwari Shop';
/** Where the shop is when no public address is configured (PUBLIC_URL's default, as config.ts reads it). */
export const LOCAL_PUBLIC_URL = 'http://localhost:8080';
/** The template's description (shell/src/index.html) in each language, for a page that says none of its own. */
export const DEFAULT_DESCRIPTION: Record<ShopLanguage, string> = {
  en: 'Flour and groceries from our mills, delivered free across Kenya. Pay online with M-Pesa, Airtel Money or card and earn Shwari Points.',
  sw: 'Unga na bidhaa za nyumbani kutoka viwanda vyetu, usafirishaji bure kote Kenya. Lipa mtandaoni kwa M-Pesa, Airtel Money au kadi upate Pointi za Shwari.',
};
/** A drawn page whose renderer drew the shop's NotFound: the title the shell's '*' page has. */
export const NOT_FOUND_META: Record<ShopLanguage, PageText> = {
  en: { title: 'Page not found', description: 'The page you asked for is not here.' },
  sw: { title: 'Ukurasa haupatikani', description: 'Ukurasa uliouomba haupo hapa.' },
};
/** Open Graph's locales: the shop's languages as Kenya speaks them. */
export const OG_LOCALES: Record<ShopLanguage, string> = { en: 'en_KE', sw: 'sw_KE' };
/** The home share image (shell/public/og-image.png): a PNG, as WhatsApp and Facebook show no SVG. */
export const SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };

/** A catalogue picture (SVG for products and brands, WebP for staff uploads), by its folder and name. */
const CATALOGUE_PICTURE = /^\/media\/([\w-]+)\/([\w-]+)\.(svg|webp|png|jpe?g)$/;
/**
 * What a page's picture is shared as: a catalogue picture by its 1200×630 raster card, which the
 * catalogue draws at /media/share/ (a PNG for its drawings, a JPEG for staff photos); any other
 * image as it is, its size unknown.
 */
export function shareImage(picture: string): { path: string; width?: number; height?: number } {
  const match = CATALOGUE_PICTURE.exec(picture);
  if (!match || match[1] === 'share') return { path: picture };
  return { path: `/media/share/${match[1]}/${match[2]}.${match[3] === 'svg' ? 'png' : 'jpg'}`, width: 1200, height: 630 };
}

export interface PageHeadInput {
  /** The shop's public address, without a trailing slash (PUBLIC_URL). */
  publicUrl: string;
  /** The page's path: its canonical URL is this on the public address, without the query (and with `?lang=` in a language other than English). */
  path: string;
  /** The language the page is in: its words, and which of its addresses is its own. */
  language: ShopLanguage;
  /** The page table's title and description, in the page's language. */
  meta: PageText;
  /** What the drawn page told about itself, better than the table's. */
  facts?: FirstScreenPageFacts;
  /** The shop's NotFound: kept out of search results, and no canonical URL of its own. */
  notFound?: boolean;
}

const escapeText = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string): string => escapeText(value).replace(/"/g, '&quot;');
/** JSON inside a script element: nothing in it can end the element or start a comment. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** `<link rel="alternate" hreflang>` to the page in every language, and x-default (the address without `?lang`, which follows the reader's languages). */
function alternateLinks(publicUrl: string, pathname: string): string[] {
  const link = (hreflang: string, href: string) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeAttribute(href)}">`;
  return [
    ...SHOP_LANGUAGES.map((language) => link(language, languageUrl(publicUrl, pathname, language))),
    link('x-default', absolute(publicUrl, pathname)),
  ];
}

/** A path or URL on the public address; an absolute URL stays as it is. */
function absolute(publicUrl: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, `${publicUrl}/`).href;
  } catch {
    return `${publicUrl}/`;
  }
}

const fullTitle = (title: string): string => (!title || title === SITE_NAME ? SITE_NAME : `${title} | ${SITE_NAME}`);

/** schema.org Product: the price a shopper pays now, in Kenya shillings, and whether it can be ordered. */
function productData(facts: NonNullable<FirstScreenPageFacts['product']>, url: string, publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: facts.name,
    image: absolute(publicUrl, shareImage(facts.image).path),
    description: facts.description,
    sku: facts.sku,
    brand: { '@type': 'Brand', name: facts.brand },
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'KES',
      price: facts.price.toFixed(2),
      availability: facts.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

function breadcrumbData(trail: NonNullable<FirstScreenPageFacts['breadcrumbs']>, publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(publicUrl, crumb.path),
    })),
  };
}

/** The head's tags for one page (they replace the template's title and description). */
export function pageHead({ publicUrl, path, language, meta, facts, notFound = false }: PageHeadInput): string {
  const title = fullTitle(facts?.title ?? meta.title);
  const description = (facts?.description || meta.description || DEFAULT_DESCRIPTION[language]).trim();
  const pathname = path.split(/[?#]/)[0] || '/';
  // Each language's version is a page of its own to a search engine: its canonical URL is its own address.
  const url = languageUrl(publicUrl, pathname, language);
  const shared = facts?.image ? shareImage(facts.image) : SHARE_IMAGE;
  const image = absolute(publicUrl, shared.path);
  const tag = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(content)}">`;
  const tags = [
    `<title>${escapeText(title)}</title>`,
    tag('name', 'description', description),
    // The shop's NotFound has no versions to point to: kept out of search results, with no canonical URL or alternates.
    ...(notFound
      ? [tag('name', 'robots', 'noindex')]
      : [`<link rel="canonical" href="${escapeAttribute(url)}">`, ...alternateLinks(publicUrl, pathname)]),
    tag('property', 'og:site_name', SITE_NAME),
    tag('property', 'og:type', facts?.product ? 'product' : 'website'),
    tag('property', 'og:locale', OG_LOCALES[language]),
    ...SHOP_LANGUAGES.filter((other) => other !== language).map((other) => tag('property', 'og:locale:alternate', OG_LOCALES[other])),
    tag('property', 'og:title', title),
    tag('property', 'og:description', description),
    tag('property', 'og:url', url),
    tag('property', 'og:image', image),
    ...(shared.width && shared.height
      ? [tag('property', 'og:image:width', String(shared.width)), tag('property', 'og:image:height', String(shared.height))]
      : []),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', title),
    tag('name', 'twitter:description', description),
    tag('name', 'twitter:image', image),
  ];
  const data: object[] = [];
  if (!notFound && facts?.product) data.push(productData(facts.product, url, publicUrl));
  if (!notFound && facts?.breadcrumbs?.length) data.push(breadcrumbData(facts.breadcrumbs, publicUrl));
  for (const item of data) tags.push(`<script type="application/ld+json">${scriptJson(item)}</script>`);
  return tags.join('');
}

/** The template's own title and description, taken out once per template: each page's head replaces them at HEAD_SLOT. */
export const HEAD_SLOT = '<!--shop-page-head-->';
export function withHeadSlot(template: string): string {
  let placed = false;
  return template
    .replace(/<title>[^<]*<\/title>/, () => {
      placed = true;
      return HEAD_SLOT;
    })
    .replace(/<meta\s+name="?description"?\s+content=("[^"]*"|[^\s>]*)\s*\/?>/, '')
    .replace(/<\/head>/, (end) => (placed ? end : `${HEAD_SLOT}${end}`));
}
