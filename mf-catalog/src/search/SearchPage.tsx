import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '@shop/store-kit';
import { EmptyState, Loading } from '@shop/storefront-ui';
import { useSearchProductsQuery } from '../api/catalogApi';
import { ProductGrid } from '../products/ProductGrid';
import styles from './search.module.css';
import { useT } from '../i18n';

/** /search?q=…: the header search's results (the spec only logged them; shoppers want to see them). */
export default function SearchPage(): JSX.Element {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, 100);
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  const result = useSearchProductsQuery(query, { skip: !query });
  const t = useT();
  usePageMeta({ title: query ? t('search.pageTitle', { query }) : t('search.title') });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) setParams({ q: text.trim() });
  };

  return (
    <div className={styles.search}>
      <h1>{query ? t('search.resultsFor', { query }) : t('search.title')}</h1>
      <form role="search" className={styles.form} onSubmit={submit}>
        <input
          type="search"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          aria-label={t('search.searchProducts')}
          placeholder={t('search.placeholder')}
        />
        <button type="submit">{t('search.button')}</button>
      </form>
      {!query ? (
        <EmptyState title={t('search.prompt')}>{t('search.hint')}</EmptyState>
      ) : result.isFetching ? (
        <Loading label={t('search.searching')} />
      ) : result.isError ? (
        <EmptyState title={t('search.failed')} />
      ) : result.data && result.data.length > 0 ? (
        <>
          <p className={styles.count} aria-live="polite">
            {t('search.found', { count: result.data.length })}
          </p>
          <ProductGrid products={result.data} />
        </>
      ) : (
        <EmptyState title={t('search.noMatch', { query })}>
          <Link to="/shop/all">{t('search.browseAll')}</Link>
        </EmptyState>
      )}
    </div>
  );
}
