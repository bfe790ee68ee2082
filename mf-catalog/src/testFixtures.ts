/**
 * Test fixtures for the catalogue's screen tests: a small shop of its own (five brands, eight
 * categories, 21 products), shaped the way the API serves it (@shop/api-types): prices in KSh, the
 * offer with its two-decimal percentage label, brand, category and SKU. It holds what the tests
 * need (best sellers and favourites, a top list longer than the 12-card carousel, a list longer
 * than the grid's first render, the cheapest, dearest and newest products of a brand) and nothing
 * from the services, so this remote tests on its own. Only tests import this file.
 */
import type { Brand, Category, Product, ProductFilterResult, Sku } from '@shop/api-types';
import { fromCents, productOffer } from '@shop/money';

const FIXTURE_DATE = Date.UTC(2026, 0, 15, 8, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;

const BRAND_ROWS = [
  { slug: 'mlima-gold', name: 'Mlima Gold', company: 'Mlima Millers Ltd', color: '#1f6f3a' },
  { slug: 'pwani-bora', name: 'Pwani Bora', company: 'Pwani Grain Mills Ltd', color: '#1d4e89' },
  { slug: 'nyota', name: 'Nyota', company: 'Nyota Agro Industries Ltd', color: '#b03a2e' },
  { slug: 'afya-bora', name: 'Afya Bora', company: 'Nyota Agro Industries Ltd', color: '#d35400' },
  { slug: 'shamba-bora', name: 'Shamba Bora', company: 'Shamba Feeds Kenya Ltd', color: '#2e7d32' },
] as const;

type BrandSlug = (typeof BRAND_ROWS)[number]['slug'];

export const BRANDS: Brand[] = BRAND_ROWS.map((brand, index) => ({ id: index + 1, ...brand, image: `/media/brands/${brand.slug}.svg` }));

export const CATEGORIES: Category[] = [
  { id: 1, slug: 'maize-meal', name: 'Maize Meal' },
  { id: 2, slug: 'wheat-flour', name: 'Wheat Flour' },
  { id: 3, slug: 'baking-flour', name: 'Chapati & Baking Flour' },
  { id: 4, slug: 'porridge-flour', name: 'Porridge Flour' },
  { id: 5, slug: 'rice', name: 'Rice' },
  { id: 6, slug: 'cooking-oil', name: 'Cooking Oil' },
  { id: 7, slug: 'animal-feeds', name: 'Animal Feeds' },
  { id: 8, slug: 'pulses-cereals', name: 'Pulses & Cereals' },
];

const SKUS = [
  { id: 1, name: 'Packet' },
  { id: 2, name: 'Bale' },
  { id: 3, name: 'Bag' },
  { id: 4, name: 'Bottle' },
  { id: 5, name: 'Jerrican' },
] as const satisfies readonly Sku[];

/** A product as the tests describe it; `product()` below turns it into what the API answers. */
interface ProductRow {
  slug: string;
  name: string;
  brand: BrandSlug;
  category: string;
  sku: (typeof SKUS)[number]['name'];
  unit: string;
  priceCents: number;
  /** Lower than priceCents, or null: no offer. */
  offerCents: number | null;
  maxQuantity: number;
  /** A best seller (GET /site/products/featured). */
  featured?: true;
  /** In the Favorites carousel (GET /site/products/favorites). */
  favorite?: true;
  /** Units sold: the order of Top Products. */
  popularity: number;
  /** For Newest Arrivals. */
  addedDaysAgo: number;
  /** Inner HTML of the short description's paragraph. */
  short: string;
  /** Full description HTML; a paragraph of `short` when the tests do not read it. */
  description?: string;
}

const SIFTED_2KG_DESCRIPTION =
  '<p>This is the packet most Kenyan kitchens know us for. North Rift white maize is cleaned, degermed and sifted twice, giving a fine flour that blends into boiling water without lumps and firms up into a smooth, pleasantly sweet ugali.</p>' +
  '<p>A 2 kg packet makes ugali for a family of five about four times. Pair it with sukuma wiki, beef stew or fried omena, or use it to thicken soups and to coat fish before frying.</p>' +
  '<ul>' +
  '<li><strong>Pack:</strong> 2 kg paper packet with a tear strip</li>' +
  '<li><strong>Grade:</strong> sifted (grade 1) white maize meal</li>' +
  '<li><strong>Cooking:</strong> add flour to boiling water gradually, stir firmly with a mwiko and cook 5 to 7 minutes after it thickens</li>' +
  '<li><strong>Fortified:</strong> with vitamins A and B, folic acid, iron and zinc under the KEBS national food fortification standard</li>' +
  '<li><strong>Storage:</strong> cool, dry and away from strong smells; fold the top and clip once opened</li>' +
  '</ul>';

// A table to read across, one product to a row: kept as written.
// prettier-ignore
const PRODUCT_ROWS: ProductRow[] = [
  { slug: 'mlima-gold-sifted-maize-meal-1kg', name: 'Mlima Gold Sifted Maize Meal 1kg',
    brand: 'mlima-gold', category: 'maize-meal', sku: 'Packet', unit: '1 kg',
    priceCents: 9450, offerCents: null, maxQuantity: 10, popularity: 1840, addedDaysAgo: 212,
    short: 'Smooth, white sifted maize meal in a handy 1 kg packet, just right for a single household ugali or a week of uji for one.' },
  { slug: 'mlima-gold-sifted-maize-meal-2kg', name: 'Mlima Gold Sifted Maize Meal 2kg',
    brand: 'mlima-gold', category: 'maize-meal', sku: 'Packet', unit: '2 kg',
    priceCents: 17950, offerCents: 16500, maxQuantity: 10, featured: true, favorite: true, popularity: 4960, addedDaysAgo: 388,
    description: SIFTED_2KG_DESCRIPTION,
    short: 'Our best-selling sifted maize meal: fine, white and lump-free, for soft ugali every evening. <strong>The family 2 kg packet.</strong>' },
  { slug: 'mlima-gold-sifted-maize-meal-24kg-bale', name: 'Mlima Gold Sifted Maize Meal 24kg Bale (12 x 2kg)',
    brand: 'mlima-gold', category: 'maize-meal', sku: 'Bale', unit: '24 kg (12 x 2 kg)',
    priceCents: 198000, offerCents: 185000, maxQuantity: 5, featured: true, popularity: 3120, addedDaysAgo: 301,
    short: 'Twelve 2 kg packets of Mlima Gold Sifted in one bale: the economical way to stock up for a big family, a school kitchen or a small duka.' },
  { slug: 'mlima-gold-whole-maize-meal-dona-24kg-bale', name: 'Mlima Gold Whole Maize Meal (Dona) 24kg Bale (12 x 2kg)',
    brand: 'mlima-gold', category: 'maize-meal', sku: 'Bale', unit: '24 kg (12 x 2 kg)',
    priceCents: 189000, offerCents: null, maxQuantity: 5, popularity: 1190, addedDaysAgo: 175,
    short: 'A full bale of Mlima Gold Dona whole maize meal, twelve 2 kg packets, for households and canteens that cook ugali every day.' },
  { slug: 'mlima-gold-fortified-maize-meal-5kg', name: 'Mlima Gold Fortified Maize Meal 5kg',
    brand: 'mlima-gold', category: 'maize-meal', sku: 'Packet', unit: '5 kg',
    priceCents: 44500, offerCents: 41950, maxQuantity: 10, popularity: 140, addedDaysAgo: 14,
    short: 'Our fortified sifted maize meal in a new 5 kg family packet: fewer trips to the shop, the same nutrition in every plate of ugali.' },
  { slug: 'pwani-bora-all-purpose-wheat-flour-2kg', name: 'Pwani Bora All-Purpose Wheat Flour 2kg',
    brand: 'pwani-bora', category: 'wheat-flour', sku: 'Packet', unit: '2 kg',
    priceCents: 19950, offerCents: 18500, maxQuantity: 10, featured: true, popularity: 4380, addedDaysAgo: 355,
    short: 'The everyday Pwani Bora flour that turns out puffy mandazi and soft chapati alike. <strong>Kenya’s coastal favourite since 1974.</strong>' },
  { slug: 'pwani-bora-chapati-flour-2kg', name: 'Pwani Bora Chapati Flour 2kg',
    brand: 'pwani-bora', category: 'baking-flour', sku: 'Packet', unit: '2 kg',
    priceCents: 20450, offerCents: 18950, maxQuantity: 10, featured: true, popularity: 4715, addedDaysAgo: 331,
    short: 'Soft, layered chapati every time: a flour milled specially to stretch thin without tearing and stay soft long after cooking.' },
  { slug: 'pwani-bora-home-baking-flour-2kg', name: 'Pwani Bora Home Baking Flour 2kg',
    brand: 'pwani-bora', category: 'baking-flour', sku: 'Packet', unit: '2 kg',
    priceCents: 20950, offerCents: null, maxQuantity: 10, favorite: true, popularity: 2490, addedDaysAgo: 86,
    short: 'A fine, soft flour for cakes, scones, queen cakes and cookies, sifted extra smooth for a light, even crumb.' },
  { slug: 'afya-bora-millet-sorghum-porridge-flour-1kg', name: 'Afya Bora Millet & Sorghum Porridge Flour 1kg',
    brand: 'afya-bora', category: 'porridge-flour', sku: 'Packet', unit: '1 kg',
    priceCents: 16950, offerCents: 15250, maxQuantity: 10, featured: true, popularity: 3560, addedDaysAgo: 279,
    short: 'A warming blend of bulrush millet and red sorghum for thick, tangy uji that keeps you going until lunch.' },
  { slug: 'afya-bora-wimbi-finger-millet-porridge-flour-1kg', name: 'Afya Bora Wimbi Finger Millet Porridge Flour 1kg',
    brand: 'afya-bora', category: 'porridge-flour', sku: 'Packet', unit: '1 kg',
    priceCents: 20950, offerCents: null, maxQuantity: 10, favorite: true, popularity: 2340, addedDaysAgo: 143,
    short: 'Pure wimbi, finger millet, milled whole for a rich brown uji naturally high in calcium and iron.' },
  { slug: 'afya-bora-fortified-uji-flour-1kg', name: 'Afya Bora Fortified Uji Flour 1kg',
    brand: 'afya-bora', category: 'porridge-flour', sku: 'Packet', unit: '1 kg',
    priceCents: 15950, offerCents: null, maxQuantity: 10, favorite: true, popularity: 1960, addedDaysAgo: 18,
    short: 'A maize-soya uji flour fortified with vitamins and minerals, made for children from six months and for school feeding.' },
  { slug: 'nyota-pishori-rice-1kg', name: 'Nyota Pishori Rice 1kg',
    brand: 'nyota', category: 'rice', sku: 'Packet', unit: '1 kg',
    priceCents: 21950, offerCents: 19950, maxQuantity: 10, featured: true, popularity: 4210, addedDaysAgo: 372,
    short: 'Aromatic Mwea Pishori: long, slender grains that cook up fluffy and fill the house with their famous scent.' },
  { slug: 'nyota-pishori-rice-5kg', name: 'Nyota Pishori Rice 5kg',
    brand: 'nyota', category: 'rice', sku: 'Bag', unit: '5 kg',
    priceCents: 105000, offerCents: null, maxQuantity: 5, popularity: 2865, addedDaysAgo: 226,
    short: 'Our aromatic Mwea Pishori in a 5 kg woven bag: the better-value choice for rice-loving families and pilau cooks.' },
  { slug: 'nyota-basmati-rice-1kg', name: 'Nyota Basmati Rice 1kg',
    brand: 'nyota', category: 'rice', sku: 'Packet', unit: '1 kg',
    priceCents: 26950, offerCents: null, maxQuantity: 10, favorite: true, popularity: 1710, addedDaysAgo: 104,
    short: 'Extra-long, aged basmati that doubles in length as it cooks and stays separate, grain by grain. Perfect for biryani.' },
  { slug: 'nyota-sunflower-oil-3l', name: 'Nyota Sunflower Oil 3L',
    brand: 'nyota', category: 'cooking-oil', sku: 'Bottle', unit: '3 L',
    priceCents: 95500, offerCents: null, maxQuantity: 10, featured: true, favorite: true, popularity: 3890, addedDaysAgo: 247,
    short: 'The family size of our light sunflower oil, in a 3 litre bottle with a built-in grip handle.' },
  { slug: 'nyota-vegetable-oil-20l', name: 'Nyota Vegetable Oil 20L',
    brand: 'nyota', category: 'cooking-oil', sku: 'Jerrican', unit: '20 L',
    priceCents: 580000, offerCents: 539000, maxQuantity: 3, popularity: 310, addedDaysAgo: 132,
    short: 'The 20 litre jerrican for caterers, restaurants and fries vendors: our lowest price per litre on cooking oil.' },
  { slug: 'shamba-bora-dairy-meal-70kg', name: 'Shamba Bora Dairy Meal 70kg',
    brand: 'shamba-bora', category: 'animal-feeds', sku: 'Bag', unit: '70 kg',
    priceCents: 320000, offerCents: 298000, maxQuantity: 3, featured: true, popularity: 3015, addedDaysAgo: 290,
    short: 'A balanced dairy meal that helps your cows keep up their milk yield and body condition through the whole lactation.' },
  { slug: 'shamba-bora-layers-mash-70kg', name: 'Shamba Bora Layers Mash 70kg',
    brand: 'shamba-bora', category: 'animal-feeds', sku: 'Bag', unit: '70 kg',
    priceCents: 390000, offerCents: null, maxQuantity: 3, favorite: true, popularity: 2745, addedDaysAgo: 215,
    short: 'Complete layers mash with added calcium for strong shells and steady laying from point of lay onwards.' },
  { slug: 'nyota-rosecoco-beans-1kg', name: 'Nyota Rosecoco Beans 1kg',
    brand: 'nyota', category: 'pulses-cereals', sku: 'Packet', unit: '1 kg',
    priceCents: 21950, offerCents: null, maxQuantity: 10, featured: true, popularity: 3675, addedDaysAgo: 344,
    short: 'Plump, speckled rosecoco beans, cleaned and sorted, for rich bean stew, githeri and mukimo.' },
  { slug: 'nyota-cowpeas-kunde-1kg', name: 'Nyota Cowpeas (Kunde) 1kg',
    brand: 'nyota', category: 'pulses-cereals', sku: 'Packet', unit: '1 kg',
    priceCents: 18950, offerCents: null, maxQuantity: 10, favorite: true, popularity: 12, addedDaysAgo: 1,
    short: 'Just in: creamy cowpeas with a black eye, grown in the dry lands of Makueni, for stews, githeri and bean cakes.' },
  { slug: 'nyota-njahi-black-beans-1kg', name: 'Nyota Njahi Black Beans 1kg',
    brand: 'nyota', category: 'pulses-cereals', sku: 'Packet', unit: '1 kg',
    priceCents: 25950, offerCents: 23950, maxQuantity: 10, favorite: true, popularity: 820, addedDaysAgo: 109,
    short: 'Njahi, the black lablab bean of Central Kenya, prized for the rich mash traditionally prepared for new mothers.' },
];

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Fixture: no ${what}`);
  return value;
}

function product(row: ProductRow, index: number): Product {
  const brand = must(
    BRANDS.find((item) => item.slug === row.brand),
    `brand ${row.brand}`,
  );
  const category = must(
    CATEGORIES.find((item) => item.slug === row.category),
    `category ${row.category}`,
  );
  const sku = must(
    SKUS.find((item) => item.name === row.sku),
    `sku ${row.sku}`,
  );
  return {
    id: index + 1,
    name: row.name,
    slug: row.slug,
    image: `/media/products/${row.slug}.svg`,
    unit: row.unit,
    price: fromCents(row.priceCents),
    description: row.description ?? `<p>${row.short}</p>`,
    short_description: `<p>${row.short}</p>`,
    offer: productOffer(row.priceCents, row.offerCents),
    limit: { minimum_quantity: 1, maximum_quantity: row.maxQuantity },
    brand: { id: brand.id, name: brand.name, slug: brand.slug },
    category,
    sku: { id: sku.id, name: sku.name },
    created_at: new Date(FIXTURE_DATE - row.addedDaysAgo * DAY_MS).toISOString(),
  };
}

/** Every product, in the catalogue's default order (GET /site/products/filter?brand=all). */
export const PRODUCTS: Product[] = PRODUCT_ROWS.map(product);

/** Best sellers (GET /site/products/featured). */
export const FEATURED: Product[] = PRODUCTS.filter((_, index) => PRODUCT_ROWS[index]?.featured);

/** The Favorites carousel (GET /site/products/favorites). */
export const FAVORITES: Product[] = PRODUCTS.filter((_, index) => PRODUCT_ROWS[index]?.favorite);

/** Top Products (GET /site/products/sort_filter?sort=popular): most units sold first. */
export const TOP_PRODUCTS: Product[] = PRODUCTS.map((item, index) => ({ item, popularity: PRODUCT_ROWS[index]?.popularity ?? 0 }))
  .sort((a, b) => b.popularity - a.popularity)
  .map(({ item }) => item);

export function productBySlug(slug: string): Product {
  return must(
    PRODUCTS.find((product) => product.slug === slug),
    `product ${slug}`,
  );
}

export function brandBySlug(slug: string): Brand {
  return must(
    BRANDS.find((brand) => brand.slug === slug),
    `brand ${slug}`,
  );
}

/** What GET /site/products/filter/{brand}[?category=…] answers. */
export function filterResult(brandSlug: string, categorySlug?: string): ProductFilterResult {
  const products = PRODUCTS.filter(
    (product) =>
      (brandSlug === 'all' || product.brand.slug === brandSlug) &&
      (!categorySlug || categorySlug === 'all' || product.category.slug === categorySlug),
  );
  return { products, brand: brandSlug === 'all' ? null : brandBySlug(brandSlug) };
}

/** Effective price a shopper pays (offer price when on offer), for sort checks. */
export const effectivePrice = (product: Product): number => product.offer?.offer_price ?? product.price;

/** Names of the product cards inside an element, in order. */
export function cardNames(container: ParentNode): string[] {
  return Array.from(container.querySelectorAll('[data-testid="product-card"] h3')).map((heading) => heading.textContent ?? '');
}
