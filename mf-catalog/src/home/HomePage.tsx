import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, Loading, VisuallyHidden } from '@shop/storefront-ui';
import { useGetFavoritesQuery, useGetFeaturedQuery, useGetTopProductsQuery } from '../api/catalogApi';
import { ProductGrid } from '../products/ProductGrid';
import { BannerCarousel, type Banner } from './BannerCarousel';
import { BrandFilterRow } from './BrandFilterRow';
import { ProductCarousel } from './ProductCarousel';
import { PARTNERS } from './partners';
// The first banner is the home page's largest paint: inlined (the wide and the phone artwork, a
// few KB each), it shows with the page, no request.
import bannerOnePhone from './assets/banner-1-phone.svg?inline';
import bannerOnePhoneSwahili from './assets/banner-1-phone-sw.svg?inline';
import bannerOneSwahili from './assets/banner-1-sw.svg?inline';
import bannerOne from './assets/banner-1.svg?inline';
import bannerTwoPhone from './assets/banner-2-phone.svg';
import bannerTwoPhoneSwahili from './assets/banner-2-phone-sw.svg';
import bannerTwoSwahili from './assets/banner-2-sw.svg';
import bannerTwo from './assets/banner-2.svg';
import bakingArt from './assets/banner-3-art.svg';
import styles from './home.module.css';
import { useT } from '../i18n';
import type { ShopLanguage } from '@shop/api-types';
import { useLanguage } from '@shop/store-kit';

/**
 * The banners' artwork has words drawn in it, so each language has its own drawing. `alt` holds
 * the id of the banner's words in the catalog, translated when the page is drawn.
 */
const BANNERS: Record<ShopLanguage, Array<Banner & { alt: 'home.bannerFresh' | 'home.bannerPoints' }>> = {
  en: [
    { image: bannerOne, phoneImage: bannerOnePhone, alt: 'home.bannerFresh', href: '/shop/all' },
    { image: bannerTwo, phoneImage: bannerTwoPhone, alt: 'home.bannerPoints', href: '/shop/all' },
  ],
  sw: [
    { image: bannerOneSwahili, phoneImage: bannerOnePhoneSwahili, alt: 'home.bannerFresh', href: '/shop/all' },
    { image: bannerTwoSwahili, phoneImage: bannerTwoPhoneSwahili, alt: 'home.bannerPoints', href: '/shop/all' },
  ],
};

/** How many top products and favorites the carousels page through. */
const CAROUSEL_SIZE = 12;

export default function HomePage(): JSX.Element {
  const featured = useGetFeaturedQuery();
  const top = useGetTopProductsQuery();
  const favorites = useGetFavoritesQuery();
  const t = useT();
  const { language } = useLanguage();
  // The best sellers arrive as a transition: React draws the grid in slices of a few milliseconds
  // instead of one long task that blocks a phone.
  const bestSellers = useDeferredValue(featured.data);
  // The carousels too: the page (and its banner, the largest paint) is drawn before them.
  const topProducts = useDeferredValue(top.data);
  const favoriteProducts = useDeferredValue(favorites.data);

  return (
    <div className={styles.home}>
      {/* The page's one h1 for screen readers and search engines; the banners say it in pictures. */}
      <VisuallyHidden as="h1">{t('home.heading')}</VisuallyHidden>
      <BannerCarousel banners={BANNERS[language].map((banner) => ({ ...banner, alt: t(banner.alt) }))} />
      <BrandFilterRow />

      <section className={styles.section} aria-labelledby="best-selling">
        <h2 id="best-selling">{t('home.bestSelling')}</h2>
        {featured.isLoading || (featured.data !== undefined && bestSellers === undefined) ? (
          // As tall as the grid it stands for, so the sections below never jump when it arrives.
          <div className={styles.gridPlaceholder}>
            <Loading label={t('home.loadingBestSellers')} />
          </div>
        ) : featured.isError ? (
          <EmptyState title={t('home.bestSellersFailed')} />
        ) : (
          <ProductGrid products={bestSellers ?? []} quickView="modal" />
        )}
      </section>

      {/* Its words are page text, not drawn: translated, and readable on a phone (drawn, the small
          print shrank to about 6 px at 412 px). */}
      <Link to="/shop/pwani-bora/baking-flour" className={styles.midBanner}>
        <span className={styles.midBannerWords}>
          <span className={styles.midBannerEyebrow}>{t('home.midBannerEyebrow')}</span>
          <strong className={styles.midBannerTitle}>{t('home.midBannerTitle')}</strong>
          <span className={styles.midBannerSmall}>{t('home.midBannerSmall')}</span>
        </span>
        <img src={bakingArt} alt="" width={520} height={280} loading="lazy" />
      </Link>

      {topProducts && topProducts.length > 0 && (
        <ProductCarousel title={t('home.topProducts')} products={topProducts.slice(0, CAROUSEL_SIZE)} wrap />
      )}
      {favoriteProducts && favoriteProducts.length > 0 && (
        <ProductCarousel title={t('home.favorites')} products={favoriteProducts.slice(0, CAROUSEL_SIZE)} />
      )}

      <section className={styles.section} aria-labelledby="partners">
        <h2 id="partners">{t('home.partners')}</h2>
        <ul className={styles.partners}>
          {PARTNERS.map((partner) => (
            <li key={partner.name}>
              <img src={partner.logo} alt={partner.name} width={240} height={120} loading="lazy" />
              <span>
                {partner.name}, {partner.town}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
