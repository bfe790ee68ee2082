/**
 * What this remote's renderer tells the gateway about a drawn page (FirstScreenPageFacts): whether
 * it was found, and what it is about, read from the answers the page was drawn with. The gateway
 * turns it into the page's title, description, share tags and schema.org data, which link
 * previews and search engines read without running a script. Titles and descriptions are the
 * ones each page sets in the browser (usePageMeta), so the two agree, in the language the page is
 * drawn in: the words the shop writes from the catalog, the catalogue's names and descriptions as
 * they are.
 */
import { matchPath } from 'react-router-dom';
import type {
  Category,
  FirstScreenPage,
  FirstScreenPageFacts,
  FirstScreenPageRequest,
  Product,
  ProductFilterResult,
} from '@shop/api-types';
import type { createI18n, ShopStore } from '@shop/store-kit';
import { fromCents, shownPayableCents } from '@shop/money';
import { truncateWords } from '@shop/storefront-ui';
import { catalogCatalog } from '../i18n';
import type en from '../i18n/locales/en.json';

type Report = Pick<FirstScreenPage, 'notFound' | 'facts'>;
/** The drawing's translation instance (createI18n's). */
type I18n = Awaited<ReturnType<typeof createI18n>>;
type Translate = (id: keyof typeof en, values?: Record<string, string>) => string;
type Describe = (answers: Answers, params: Record<string, string | undefined>, t: Translate) => Report;

/** How many words of a product's description its structured data carries. */
const PRODUCT_DESCRIPTION_WORDS = 120;

interface Answer {
  data?: unknown;
  notFound: boolean;
}

/** The page's answers by endpoint name: each catalogue page makes one call of each kind. */
class Answers {
  constructor(private readonly store: ShopStore) {}

  of(endpointName: string): Answer | undefined {
    for (const query of Object.values(this.store.getState().api.queries)) {
      if (query?.endpointName !== endpointName) continue;
      const status = (query.error as { status?: unknown } | undefined)?.status;
      return { data: query.status === 'fulfilled' ? query.data : undefined, notFound: status === 404 };
    }
    return undefined;
  }
}

const home = (t: Translate) => ({ name: t('product.home'), path: '/' });

/** This catalog's words in the drawing's own instance (createI18n loaded its language), as useT says them inside the page. */
function translatorFor(i18n: I18n): Translate {
  return (id, values) => i18n._(`${catalogCatalog.name}:${id}`, values);
}

/** What a shopper pays now, in KSh, by the shop's one rule (@shop/money). */
export const payablePrice = (product: Product): number => fromCents(shownPayableCents(product));

function productFacts(product: Product, t: Translate): FirstScreenPageFacts {
  const brandPath = `/shop/${product.brand.slug}`;
  return {
    title: product.name,
    description: truncateWords(product.short_description, 30),
    image: product.image,
    product: {
      name: product.name,
      image: product.image,
      description: truncateWords(product.description || product.short_description, PRODUCT_DESCRIPTION_WORDS),
      sku: product.slug,
      brand: product.brand.name,
      price: payablePrice(product),
      // The catalogue sells what it lists; a product no one may order (its limit allows none) is out of stock.
      inStock: product.limit.maximum_quantity >= Math.max(1, product.limit.minimum_quantity),
    },
    breadcrumbs: [
      home(t),
      { name: product.brand.name, path: brandPath },
      { name: product.category.name, path: `${brandPath}/${product.category.slug}` },
      { name: product.name, path: `/product/${product.slug}` },
    ],
  };
}

const DESCRIBE: Record<string, Describe> = {
  ProductPage(answers, _params, t) {
    const answer = answers.of('getProduct');
    if (answer?.notFound) return { notFound: true };
    const product = answer?.data as Product | undefined;
    return product ? { facts: productFacts(product, t) } : {};
  },

  BrandPage(answers, { slug = '' }, t) {
    const answer = answers.of('filterProducts');
    if (answer?.notFound) return { notFound: true };
    const brand = (answer?.data as ProductFilterResult | undefined)?.brand;
    if (!brand) return {};
    const title = t('shop.brandProducts', { brand: brand.name });
    return {
      facts: {
        title,
        description: t('meta.brandDescription', { brand: brand.name, company: brand.company }),
        image: brand.image,
        breadcrumbs: [home(t), { name: title, path: `/brand/${slug}` }],
      },
    };
  },

  ShopPage(answers, { brandSlug = 'all', categorySlug = 'all' }, t) {
    const answer = answers.of('filterProducts');
    if (answer?.notFound) return { notFound: true };
    const result = answer?.data as ProductFilterResult | undefined;
    if (!result) return {};
    const brandName = result.brand?.name;
    const categories = answers.of('getCategories')?.data as Category[] | undefined;
    const categoryName = categories?.find((category) => category.slug === categorySlug)?.name;
    const breadcrumbs = [home(t), { name: t('shop.title'), path: '/shop/all' }];
    if (brandName) breadcrumbs.push({ name: brandName, path: `/shop/${brandSlug}` });
    if (categoryName) breadcrumbs.push({ name: categoryName, path: `/shop/${brandSlug}/${categorySlug}` });
    return {
      facts: {
        title: [brandName ?? t('shop.title'), categoryName].filter(Boolean).join(' – '),
        description: t('meta.shopDescription', {
          what: [brandName, categoryName].filter(Boolean).join(' ') || t('meta.flourAndGroceries'),
        }),
        ...(result.brand ? { image: result.brand.image } : {}),
        breadcrumbs,
      },
    };
  },
};

/**
 * The report on the page drawn for `request`, from the store it was drawn with, in the language of
 * `i18n` (the drawing's, with this catalog loaded); the home page and search results report nothing of their own.
 */
export function describePage(request: Pick<FirstScreenPageRequest, 'module' | 'pattern' | 'url'>, store: ShopStore, i18n: I18n): Report {
  const describe = DESCRIBE[request.module];
  if (!describe) return {};
  const pathname = new URL(request.url, 'http://shop.invalid').pathname;
  const params = matchPath(request.pattern, pathname)?.params ?? {};
  return describe(new Answers(store), params, translatorFor(i18n));
}
