import { Link, useParams } from 'react-router-dom';
import { usePageMeta } from '@shop/store-kit';
import { EmptyState, Loading, NotFound } from '@shop/storefront-ui';
import { isNotFound, useFilterProductsQuery, useGetBrandsQuery } from '../api/catalogApi';
import { ProductGrid } from '../products/ProductGrid';
import styles from './brand.module.css';

/** /brand/{slug}: brand logo buttons, '{brand name} Products', product cards with quick view. */
export default function BrandPage(): JSX.Element {
  const { slug = '' } = useParams();
  const brands = useGetBrandsQuery();
  const result = useFilterProductsQuery({ brand: slug });
  const brand = result.data?.brand;
  usePageMeta(
    brand
      ? {
          title: `${brand.name} Products`,
          description: `${brand.name} by ${brand.company}: buy online with free delivery countrywide.`,
          image: brand.image,
        }
      : null,
  );

  if (isNotFound(result.error)) return <NotFound message="We could not find that brand." />;
  return (
    <div className={styles.brandPage}>
      <nav aria-label="Brands" className={styles.logos}>
        {brands.data?.map((item) => (
          <Link key={item.id} to={`/brand/${item.slug}`} aria-current={item.slug === slug ? 'page' : undefined} className={styles.logo}>
            <img src={item.image} alt={item.name} width={120} height={60} />
          </Link>
        ))}
      </nav>
      <h1>{brand ? `${brand.name} Products` : 'Brand Products'}</h1>
      {result.isLoading ? (
        <Loading label="Loading products…" tall />
      ) : result.isError ? (
        <EmptyState title="We could not load the products just now." />
      ) : result.data?.products.length ? (
        <ProductGrid products={result.data.products} />
      ) : (
        <EmptyState title="No Products" />
      )}
    </div>
  );
}
