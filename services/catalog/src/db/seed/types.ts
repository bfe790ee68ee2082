/** Shape of the catalogue seed: the group's companies, brands, categories, SKUs and products. */
export interface SeedBrand {
  slug: string;
  name: string;
  /** The group company that makes the brand. */
  company: string;
  /** Brand colour, #rrggbb, used on the packaging artwork and brand buttons. */
  color: string;
}

export interface SeedCategory {
  /** Ids 1 to 8 are fixed: the admin category report preselects them. */
  id: number;
  slug: string;
  name: string;
}

export interface SeedSku {
  id: number;
  name: string;
}

export interface SeedProduct {
  slug: string;
  name: string;
  brand: string; // brand slug
  category: string; // category slug
  sku: string; // sku name
  unit: string; // e.g. '2 kg'
  /** Regular price in KSh cents (integer). */
  priceCents: number;
  /** Offer price in KSh cents, lower than priceCents, or null. */
  offerCents: number | null;
  minQuantity: number;
  maxQuantity: number;
  featured: boolean; // best sellers
  favorite: boolean; // favorites carousel
  /** Units sold, drives Top Products. */
  popularity: number;
  /** Days before the seed date the product was added (for Newest Arrivals). */
  addedDaysAgo: number;
  /** HTML: one or two sentences in <p>. */
  shortDescription: string;
  /** HTML: paragraphs and a <ul> of facts (ingredients, storage, uses). */
  description: string;
}
