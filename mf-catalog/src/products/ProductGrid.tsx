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
  return (
    <div className={layout === 'list' ? styles.list : styles.grid}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} layout={layout} quickView={quickView} eager={index < eagerCount} />
      ))}
    </div>
  );
}
