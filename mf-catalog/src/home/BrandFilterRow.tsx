import { Link } from 'react-router-dom';
import { useGetBrandsQuery } from '../api/catalogApi';
import styles from './home.module.css';
import { useT } from '../i18n';

/** 'Filter by Brand': All, then one button per brand, each to its shop page. */
export function BrandFilterRow(): JSX.Element {
  const { data: brands = [] } = useGetBrandsQuery();
  const t = useT();
  return (
    <section className={styles.section} aria-labelledby="filter-by-brand">
      <h2 id="filter-by-brand">{t('home.filterByBrand')}</h2>
      <div className={styles.brandRow}>
        <Link to="/shop/all" className={styles.brandButton}>
          {t('shop.all')}
        </Link>
        {brands.map((brand) => (
          <Link key={brand.id} to={`/shop/${brand.slug}`} className={styles.brandButton} style={{ borderColor: brand.color }}>
            <img src={brand.image} alt="" width={60} height={30} loading="lazy" />
            {brand.name}
          </Link>
        ))}
      </div>
    </section>
  );
}
