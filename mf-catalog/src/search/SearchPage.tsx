import { Link, useSearchParams } from 'react-router-dom';
import { useLanguage, usePageMeta } from '@shop/store-kit';
import { EmptyState, Loading } from '@shop/storefront-ui';
import { useSearchProductsQuery } from '../api/catalogApi';
import { ProductGrid } from '../products/ProductGrid';
import styles from './search.module.css';
import { useT } from '../i18n';

/**
 * /search?q=…: the results of the header's search. The header's box is the one search box (it is
 * open on this page, holding the words): a second one here showed two boxes at once.
 */
export default function SearchPage(): JSX.Element {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, 100);
  const result = useSearchProductsQuery(query, { skip: !query });
  const t = useT();
  const { language } = useLanguage();
  usePageMeta({ title: query ? t('search.pageTitle', { query }) : t('search.title') });
  const products = result.data?.products ?? [];

  return (
    <div className={styles.search}>
      <h1>{query ? t('search.resultsFor', { query }) : t('search.title')}</h1>
      {!query ? (
        <EmptyState title={t('search.prompt')}>{t('search.hint')}</EmptyState>
      ) : result.isFetching ? (
        <Loading label={t('search.searching')} />
      ) : result.isError ? (
        <EmptyState title={t('search.failed')} />
      ) : products.length > 0 ? (
        <>
          {/* A size, pack or price nothing met, said plainly, with the nearest shown. */}
          {result.data?.notice && (
            <p className={styles.notice} role="status">
              {result.data.notice[language]}
            </p>
          )}
          <p className={styles.count} aria-live="polite">
            {t('search.found', { count: products.length })}
          </p>
          <ProductGrid products={products} />
        </>
      ) : (
        <EmptyState title={t('search.noMatch', { query })}>
          <Link to="/shop/all">{t('search.browseAll')}</Link>
        </EmptyState>
      )}
    </div>
  );
}
