import { useState } from 'react';
import type { Product } from '@shop/api-types';
import { ProductCard, type QuickViewMode } from '../products/ProductCard';
import { useVisibleCount } from './useVisibleCount';
import styles from './home.module.css';
import { useT } from '../i18n';

interface ProductCarouselProps {
  title: string;
  products: Product[];
  /** Wrap around from the last card to the first (the Top Products carousel). */
  wrap?: boolean;
  quickView?: QuickViewMode;
}

export function ProductCarousel({ title, products, wrap = false, quickView = 'link' }: ProductCarouselProps): JSX.Element {
  const visible = useVisibleCount();
  const t = useT();
  const [start, setStart] = useState(0);
  const count = Math.min(visible, products.length);
  const lastStart = Math.max(0, products.length - count);
  const shown = wrap
    ? Array.from({ length: count }, (_, offset) => products[(start + offset) % products.length]!)
    : products.slice(Math.min(start, lastStart), Math.min(start, lastStart) + count);

  const move = (step: number) =>
    setStart((current) => (wrap ? (current + step + products.length) % products.length : Math.min(Math.max(current + step, 0), lastStart)));

  const headingId = `carousel-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHead}>
        <h2 id={headingId}>{title}</h2>
        {products.length > count && (
          <div className={styles.arrows}>
            <button type="button" onClick={() => move(-1)} disabled={!wrap && start === 0} aria-label={t('carousel.previous', { title })}>
              ‹
            </button>
            <button type="button" onClick={() => move(1)} disabled={!wrap && start >= lastStart} aria-label={t('carousel.next', { title })}>
              ›
            </button>
          </div>
        )}
      </div>
      <div className={styles.track} style={{ gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))` }}>
        {shown.map((product) => (
          <ProductCard key={product.id} product={product} quickView={quickView} />
        ))}
      </div>
    </section>
  );
}
