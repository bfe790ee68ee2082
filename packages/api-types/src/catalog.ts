export interface Brand {
  id: number;
  name: string;
  slug: string;
  image: string;
  /** The group company that makes the brand. */
  company: string;
  color: string;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
}

export interface Sku {
  id: number;
  name: string;
}

export interface ProductOffer {
  offer_price: number;
  /** `name` is the percentage label, e.g. '12.50%'. */
  discount: { name: string; percent: number };
}

export interface ProductLimit {
  minimum_quantity: number;
  maximum_quantity: number;
}

export interface Product {
  id: number;
  name: string;
  slug: string;
  image: string;
  unit: string;
  /** Regular price in KSh, at most 2 decimals. */
  price: number;
  /** Sanitised HTML. */
  description: string;
  /** Sanitised HTML. */
  short_description: string;
  offer: ProductOffer | null;
  limit: ProductLimit;
  brand: Pick<Brand, 'id' | 'name' | 'slug'>;
  category: Category;
  sku: Sku;
  created_at: string;
}

/** Answer of GET /api/site/products/filter and /filter/{brandSlug}. */
export interface ProductFilterResult {
  products: Product[];
  brand: Brand | null;
}

export const PRODUCT_SORTS = ['default', 'price-low-high', 'price-high-low', 'newest', 'popular'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The storefront's sort dropdown (popular is used by the home page's Top Products only). */
export const SORT_LABELS: Record<Exclude<ProductSort, 'popular'>, string> = {
  default: 'Default Sorting',
  'price-low-high': 'Price: Low to High',
  'price-high-low': 'Price: High to Low',
  newest: 'Newest Arrivals',
};

/** A sentence in each language of the shop (the search's notices are said by the catalog once). */
export interface BilingualText {
  en: string;
  sw: string;
}

/**
 * Answer of GET /api/site/search?q=: the one search of the shop (the search page, the header and
 * the assistant ask it). `notice` says plainly when a size, pack or price limit could not be met
 * and what is shown instead ('No basmati in 2 kg; here it is in 1 kg.').
 */
export interface SearchAnswer {
  query: string;
  products: Product[];
  notice: BilingualText | null;
  /**
   * Every word of the product matched and every size, pack or price limit was met: the products
   * are what was asked for. False when they are the nearest (a limit not met, a word unknown).
   */
  complete: boolean;
}

/** One suggestion of the header's search as the shopper types (GET /api/site/search/suggest?q=). */
export interface SearchSuggestion {
  slug: string;
  name: string;
  image: string;
  unit: string;
  /** What the shopper pays today in KSh (the offer's price when there is one). */
  price: number;
}

export interface SearchSuggestAnswer {
  query: string;
  suggestions: SearchSuggestion[];
}
