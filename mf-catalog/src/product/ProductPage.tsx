import { Link, useParams } from 'react-router-dom';
import { usePageMeta } from '@shop/store-kit';
import { AddToCartControl, EmptyState, Loading, NotFound, Price, truncateWords } from '@shop/storefront-ui';
import { isNotFound, useGetProductQuery } from '../api/catalogApi';
import { WishlistButton } from '../products/WishlistButton';
import styles from './product.module.css';
import { useT } from '../i18n';
import { useCategoryName } from '../i18n/categoryNames';

/** /product/{slug}: image, name, price, offer badge and price, short description, Add to Cart, Product Description. */
export default function ProductPage(): JSX.Element {
  const { slug = '' } = useParams();
  const { data: product, error, isLoading, isError, refetch } = useGetProductQuery(slug);
  const t = useT();
  const categoryName = useCategoryName();
  const notFound = isNotFound(error);
  // A missing product's tab and link preview say so ("Product | Shwari Shop" said nothing).
  usePageMeta(
    product
      ? { title: product.name, description: truncateWords(product.short_description, 30), image: product.image }
      : notFound
        ? { title: t('product.notFoundTitle'), description: t('product.notFound') }
        : null,
  );

  if (notFound) return <NotFound message={t('product.notFound')} />;
  if (isLoading) return <Loading label={t('product.loading')} tall />;
  if (isError || !product)
    return (
      <EmptyState title={t('product.failed')}>
        <button type="button" className={styles.retry} onClick={() => void refetch()}>
          {t('shop.tryAgain')}
        </button>
      </EmptyState>
    );

  return (
    <article className={styles.product}>
      <nav aria-label={t('product.breadcrumb')} className={styles.breadcrumb}>
        <Link to="/">{t('product.home')}</Link> / <Link to={`/shop/${product.brand.slug}`}>{product.brand.name}</Link> /{' '}
        <Link to={`/shop/${product.brand.slug}/${product.category.slug}`}>{categoryName(product.category)}</Link>
      </nav>
      <div className={styles.top}>
        <div className={styles.image}>
          <img src={product.image} alt={product.name} width={400} height={400} {...{ fetchpriority: 'high' }} />
          {product.offer && <span className={styles.badge}>-{product.offer.discount.name}</span>}
        </div>
        <div className={styles.summary}>
          <h1>{product.name}</h1>
          <p className={styles.unit}>
            {product.unit} · {product.sku.name}
          </p>
          <Price price={product.price} offer={product.offer} size="large" />
          <div className={styles.description} dangerouslySetInnerHTML={{ __html: product.short_description }} />
          <div className={styles.actions}>
            <AddToCartControl product={product} />
            <WishlistButton product={product} />
          </div>
          <p className={styles.note}>{t('product.delivery', { maximum: product.limit.maximum_quantity })}</p>
        </div>
      </div>
      <section className={styles.details} aria-labelledby="product-description">
        <h2 id="product-description">{t('product.description')}</h2>
        {/* Rich text is sanitised by the catalog service before it is stored. */}
        <div className={styles.description} dangerouslySetInnerHTML={{ __html: product.description }} />
      </section>
    </article>
  );
}
