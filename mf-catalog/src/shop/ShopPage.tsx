import { useDeferredValue, useState, type FocusEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PRODUCT_SORTS, SORT_LABELS, type ProductSort } from '@shop/api-types';
import { readStored, STORAGE_KEYS, usePageMeta, writeStored } from '@shop/store-kit';
import { EmptyState, Loading, NotFound, VisuallyHidden } from '@shop/storefront-ui';
import { isNotFound, useFilterProductsQuery, useGetBrandsQuery, useGetCategoriesQuery } from '../api/catalogApi';
import { ProductGrid } from '../products/ProductGrid';
import styles from './shop.module.css';
import { useT } from '../i18n';
import { useCategoryName } from '../i18n/categoryNames';

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
  const t = useT();
  const typeName = useCategoryName();
  const [layout, setLayout] = useProductLayout();
  const brands = useGetBrandsQuery();
  const categories = useGetCategoriesQuery();
  const result = useFilterProductsQuery({ brand: brandSlug, category: categorySlug, sort });
  // The products arrive as a transition: React draws the long grid in slices of a few
  // milliseconds instead of one long task that blocks a phone, keeping what was shown meanwhile.
  const data = useDeferredValue(result.data);
  const waiting = result.isLoading || (result.data !== undefined && data === undefined);

  const brandName = data?.brand?.name;
  const shownCategory = categories.data?.find((category) => category.slug === categorySlug);
  const categoryName = shownCategory && typeName(shownCategory);
  usePageMeta({
    title: [brandName ?? t('shop.title'), categoryName].filter(Boolean).join(' – '),
    description: t('meta.shopDescription', { what: [brandName, categoryName].filter(Boolean).join(' ') || t('meta.flourAndGroceries') }),
  });

  if (isNotFound(result.error)) return <NotFound message={t('shop.brandNotFound')} />;

  const products = data?.products ?? [];
  const query = sort === 'default' ? '' : `?sort=${sort}`;
  const shopPath = (brand: string, category: string) => `/shop/${brand}${category === 'all' ? '' : `/${category}`}${query}`;

  return (
    <div className={styles.shop}>
      <h1>{brandName ? t('shop.brandProducts', { brand: brandName }) : t('shop.title')}</h1>
      <nav aria-label={t('shop.brands')} className={styles.filters} onFocus={revealFocusedLink}>
        <Link to={shopPath('all', categorySlug)} aria-current={brandSlug === 'all' ? 'page' : undefined} className={styles.filter}>
          {t('shop.all')}
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
      <nav aria-label={t('shop.productTypes')} className={styles.filters} onFocus={revealFocusedLink}>
        <Link to={shopPath(brandSlug, 'all')} aria-current={categorySlug === 'all' ? 'page' : undefined} className={styles.filter}>
          {t('shop.allTypes')}
        </Link>
        {categories.data?.map((category) => (
          <Link
            key={category.id}
            to={shopPath(brandSlug, category.slug)}
            aria-current={category.slug === categorySlug ? 'page' : undefined}
            className={styles.filter}
          >
            {typeName(category)}
          </Link>
        ))}
      </nav>
      <div className={styles.toolbar}>
        <p className={styles.count} aria-live="polite">
          {(result.isFetching && !result.data) || waiting
            ? t('shop.loadingProducts')
            : products.length
              ? t('shop.showing', { count: products.length })
              : t('shop.showingNone')}
        </p>
        <label className={styles.sort}>
          <VisuallyHidden>{t('shop.sortProducts')}</VisuallyHidden>
          <select
            value={sort}
            onChange={(event) => {
              const next = event.target.value;
              setSearchParams(next === 'default' ? {} : { sort: next }, { replace: true });
            }}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {t(`sort.${option}` as const)}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.layoutToggle} role="group" aria-label={t('shop.layout')}>
          <button type="button" aria-pressed={layout === 'grid'} onClick={() => setLayout('grid')}>
            {t('shop.grid')}
          </button>
          <button type="button" aria-pressed={layout === 'list'} onClick={() => setLayout('list')}>
            {t('shop.list')}
          </button>
        </div>
      </div>
      {waiting ? (
        <Loading label={t('shop.loadingProducts')} tall />
      ) : result.isError ? (
        <EmptyState title={t('shop.productsFailed')}>
          <button type="button" className={styles.retry} onClick={() => void result.refetch()}>
            {t('shop.tryAgain')}
          </button>
        </EmptyState>
      ) : products.length === 0 ? (
        <EmptyState title={t('shop.noProducts')}>
          <button type="button" className={styles.retry} onClick={() => navigate('/shop/all')}>
            {t('shop.seeAll')}
          </button>
        </EmptyState>
      ) : (
        <>
          {/* Cards carry h3 names: the outline goes h1, h2, h3 for screen readers. */}
          <VisuallyHidden as="h2">{t('shop.products')}</VisuallyHidden>
          <ProductGrid products={products} layout={layout} />
        </>
      )}
    </div>
  );
}
