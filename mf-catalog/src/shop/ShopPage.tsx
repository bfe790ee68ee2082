import { useDeferredValue, useState, type FocusEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PRODUCT_SORTS, SORT_LABELS, type ProductSort } from '@shop/api-types';
import { readStored, STORAGE_KEYS, usePageMeta, writeStored } from '@shop/store-kit';
import { EmptyState, Loading, NotFound, VisuallyHidden } from '@shop/storefront-ui';
import { isNotFound, useFilterProductsQuery, useGetBrandsQuery, useGetCategoriesQuery } from '../api/catalogApi';
import { ProductGrid } from '../products/ProductGrid';
import styles from './shop.module.css';

const SORT_OPTIONS = PRODUCT_SORTS.filter((sort): sort is keyof typeof SORT_LABELS => sort in SORT_LABELS);

type ProductLayout = 'grid' | 'list';
const isProductLayout = (value: unknown): value is ProductLayout => value === 'grid' || value === 'list';

/** The grid or list the shopper chose, kept across visits. */
function useProductLayout(): [ProductLayout, (layout: ProductLayout) => void] {
  const [layout, setLayout] = useState<ProductLayout>(() => readStored(STORAGE_KEYS.productLayout, 'grid', isProductLayout));
  const choose = (next: ProductLayout) => {
    setLayout(next);
    writeStored(STORAGE_KEYS.productLayout, next);
  };
  return [layout, choose];
}

/**
 * A filter row scrolls sideways on a phone: the link tabbed to is brought wholly into view (the
 * browser leaves a link that is partly shown where it is, half under the row's fading edge).
 */
const revealFocusedLink = (event: FocusEvent<HTMLElement>) => event.target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });

const parseSort = (value: string | null): ProductSort =>
  (SORT_OPTIONS as readonly string[]).includes(value ?? '') ? (value as ProductSort) : 'default';

/** /shop/all, /shop/{brand}, /shop/{brand}/{category}: brand and product-type filters, sort, grid or list. */
export default function ShopPage(): JSX.Element {
  const { brandSlug = 'all', categorySlug = 'all' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const sort = parseSort(searchParams.get('sort'));
  const [layout, setLayout] = useProductLayout();
  const brands = useGetBrandsQuery();
  const categories = useGetCategoriesQuery();
  const result = useFilterProductsQuery({ brand: brandSlug, category: categorySlug, sort });
  // The products arrive as a transition: React draws the long grid in slices of a few
  // milliseconds instead of one long task that blocks a phone, keeping what was shown meanwhile.
  const data = useDeferredValue(result.data);
  const waiting = result.isLoading || (result.data !== undefined && data === undefined);

  const brandName = data?.brand?.name;
  const categoryName = categories.data?.find((category) => category.slug === categorySlug)?.name;
  usePageMeta({
    title: [brandName ?? 'Shop', categoryName].filter(Boolean).join(' – '),
    description: `Buy ${[brandName, categoryName].filter(Boolean).join(' ') || 'flour and groceries'} online with free delivery countrywide.`,
  });

  if (isNotFound(result.error)) return <NotFound message="We could not find that brand or product type." />;

  const products = data?.products ?? [];
  const query = sort === 'default' ? '' : `?sort=${sort}`;
  const shopPath = (brand: string, category: string) => `/shop/${brand}${category === 'all' ? '' : `/${category}`}${query}`;

  return (
    <div className={styles.shop}>
      <h1>{brandName ? `${brandName} Products` : 'Shop'}</h1>
      <nav aria-label="Brands" className={styles.filters} onFocus={revealFocusedLink}>
        <Link to={shopPath('all', categorySlug)} aria-current={brandSlug === 'all' ? 'page' : undefined} className={styles.filter}>
          All
        </Link>
        {brands.data?.map((brand) => (
          <Link
            key={brand.id}
            to={shopPath(brand.slug, categorySlug)}
            aria-current={brand.slug === brandSlug ? 'page' : undefined}
            className={styles.filter}
          >
            {brand.name}
          </Link>
        ))}
      </nav>
      <nav aria-label="Product types" className={styles.filters} onFocus={revealFocusedLink}>
        <Link to={shopPath(brandSlug, 'all')} aria-current={categorySlug === 'all' ? 'page' : undefined} className={styles.filter}>
          All types
        </Link>
        {categories.data?.map((category) => (
          <Link
            key={category.id}
            to={shopPath(brandSlug, category.slug)}
            aria-current={category.slug === categorySlug ? 'page' : undefined}
            className={styles.filter}
          >
            {category.name}
          </Link>
        ))}
      </nav>
      <div className={styles.toolbar}>
        <p className={styles.count} aria-live="polite">
          {(result.isFetching && !result.data) || waiting
            ? 'Loading products…'
            : products.length
              ? `Showing 1-${products.length} of ${products.length} results`
              : 'Showing 0 results'}
        </p>
        <label className={styles.sort}>
          <VisuallyHidden>Sort products</VisuallyHidden>
          <select
            value={sort}
            onChange={(event) => {
              const next = event.target.value;
              setSearchParams(next === 'default' ? {} : { sort: next }, { replace: true });
            }}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.layoutToggle} role="group" aria-label="Layout">
          <button type="button" aria-pressed={layout === 'grid'} onClick={() => setLayout('grid')}>
            Grid
          </button>
          <button type="button" aria-pressed={layout === 'list'} onClick={() => setLayout('list')}>
            List
          </button>
        </div>
      </div>
      {waiting ? (
        <Loading label="Loading products…" tall />
      ) : result.isError ? (
        <EmptyState title="We could not load the products just now.">
          <button type="button" className={styles.retry} onClick={() => void result.refetch()}>
            Try again
          </button>
        </EmptyState>
      ) : products.length === 0 ? (
        <EmptyState title="No products found">
          <button type="button" className={styles.retry} onClick={() => navigate('/shop/all')}>
            See all products
          </button>
        </EmptyState>
      ) : (
        <>
          {/* Cards carry h3 names: the outline goes h1, h2, h3 for screen readers. */}
          <VisuallyHidden as="h2">Products</VisuallyHidden>
          <ProductGrid products={products} layout={layout} />
        </>
      )}
    </div>
  );
}
