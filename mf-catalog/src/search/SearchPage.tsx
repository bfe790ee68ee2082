import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '@shop/store-kit';
import { EmptyState, Loading } from '@shop/storefront-ui';
import { useSearchProductsQuery } from '../api/catalogApi';
import { ProductGrid } from '../products/ProductGrid';
import styles from './search.module.css';

/** /search?q=…: the header search's results (the spec only logged them; shoppers want to see them). */
export default function SearchPage(): JSX.Element {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, 100);
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  const result = useSearchProductsQuery(query, { skip: !query });
  usePageMeta({ title: query ? `Search: ${query}` : 'Search' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) setParams({ q: text.trim() });
  };

  return (
    <div className={styles.search}>
      <h1>{query ? `Search results for “${query}”` : 'Search'}</h1>
      <form role="search" className={styles.form} onSubmit={submit}>
        <input
          type="search"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          aria-label="Search products"
          placeholder="Search maize meal, flour, rice…"
        />
        <button type="submit">Search</button>
      </form>
      {!query ? (
        <EmptyState title="What are you looking for?">Type a product, brand or type, such as “maize meal 2kg”.</EmptyState>
      ) : result.isFetching ? (
        <Loading label="Searching…" />
      ) : result.isError ? (
        <EmptyState title="We could not search just now. Please try again." />
      ) : result.data && result.data.length > 0 ? (
        <>
          <p className={styles.count} aria-live="polite">
            {result.data.length === 1 ? '1 product found' : `${result.data.length} products found`}
          </p>
          <ProductGrid products={result.data} />
        </>
      ) : (
        <EmptyState title={`No products match “${query}”`}>
          <Link to="/shop/all">Browse all products</Link>
        </EmptyState>
      )}
    </div>
  );
}
