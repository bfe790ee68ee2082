import { Link, useParams } from 'react-router-dom';
import { usePageMeta } from '@shop/store-kit';
import { EmptyState, Loading, NotFound } from '@shop/storefront-ui';
import { isNotFound, useFilterProductsQuery, useGetBrandsQuery } from '../api/catalogApi';
import { ProductGrid } from '../products/ProductGrid';
import styles from './brand.module.css';
import { useT } from '../i18n';

/** /brand/{slug}: brand logo buttons, '{brand name} Products', product cards with quick view. */
export default function BrandPage(): JSX.Element {
  const { slug = '' } = useParams();
  const brands = useGetBrandsQuery();
  const result = useFilterProductsQuery({ brand: slug });
  const brand = result.data?.brand;
  const t = useT();
  usePageMeta(
    brand
      ? {
          title: t('shop.brandProducts', { brand: brand.name }),
          description: t('meta.brandDescription', { brand: brand.name, company: brand.company }),
          image: brand.image,
        }
      : null,
  );

  if (isNotFound(result.error)) return <NotFound message={t('brand.notFound')} />;
  return (
    <div className={styles.brandPage}>
      <nav aria-label={t('shop.brands')} className={styles.logos}>
        {brands.data?.map((item) => (
          <Link key={item.id} to={`/brand/${item.slug}`} aria-current={item.slug === slug ? 'page' : undefined} className={styles.logo}>
            <img src={item.image} alt={item.name} width={120} height={60} />
          </Link>
        ))}
      </nav>
      <h1>{brand ? t('shop.brandProducts', { brand: brand.name }) : t('brand.products')}</h1>
      {result.isLoading ? (
        <Loading label={t('shop.loadingProducts')} tall />
      ) : result.isError ? (
        <EmptyState title={t('shop.productsFailed')} />
      ) : result.data?.products.length ? (
        <ProductGrid products={result.data.products} />
      ) : (
        <EmptyState title={t('brand.noProducts')} />
      )}
    </div>
  );
}
