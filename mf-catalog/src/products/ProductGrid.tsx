import { startTransition, useEffect, useState } from 'react';
import type { Product } from '@shop/api-types';
import { ProductCard, type QuickViewMode } from './ProductCard';
import styles from './products.module.css';

export function ProductGrid({
  products,
  layout = 'grid',
  quickView = 'modal',
  eagerCount = 2,
}: {
  products: Product[];
  layout?: 'grid' | 'list';
  quickView?: QuickViewMode;
  eagerCount?: number;
}): JSX.Element {
  const shown = useProgressiveCount(products.length);
  return (
    <div className={layout === 'list' ? styles.list : styles.grid}>
      {products.slice(0, shown).map((product, index) => (
        <ProductCard key={product.id} product={product} layout={layout} quickView={quickView} eager={index < eagerCount} />
      ))}
    </div>
  );
}

/** Cards drawn in the first render: more than a first screen holds on any device (3 rows of 4). */
export const FIRST_RENDER_CARDS = 12;

/**
 * A long list is drawn in two steps: the first screen's cards at once (and in the page the gateway
 * draws), the rest right after as a transition, which React draws in slices between a phone's
 * other work instead of one long task while the shop starts.
 */
function useProgressiveCount(total: number): number {
  const [shown, setShown] = useState(() => Math.min(total, FIRST_RENDER_CARDS));
  useEffect(() => {
    if (shown < total) startTransition(() => setShown(total));
  }, [shown, total]);
  return Math.min(shown, total);
}
