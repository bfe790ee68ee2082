import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styles from './home.module.css';
import { useT } from '../i18n';

export interface Banner {
  /** The wide artwork (1200 × 400). */
  image: string;
  /** The phone's own composition (600 × 400): larger text, laid out for a narrow screen. */
  phoneImage: string;
  alt: string;
  href: string;
}

const ROTATE_MS = 6000;

/** Screens this narrow show the phone artwork (home.module.css switches the banner's shape at the same width). */
export const PHONE_BANNER_MEDIA = '(max-width: 599px)';

/** The rotating banners: pauses while hovered or focused, and for shoppers who prefer less motion. */
export function BannerCarousel({ banners }: { banners: Banner[] }): JSX.Element {
  const [index, setIndex] = useState(0);
  const t = useT();
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (paused || reduce || banners.length < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % banners.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused, banners.length]);

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('banner.offers')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={styles.viewport}>
        <div className={styles.slides} style={{ transform: `translateX(-${index * 100}%)` }}>
          {banners.map((banner, position) => (
            <Link
              key={banner.image}
              to={banner.href}
              className={styles.slide}
              aria-hidden={position !== index}
              tabIndex={position === index ? 0 : -1}
              aria-roledescription="slide"
              aria-label={t('banner.position', { position: position + 1, total: banners.length, alt: banner.alt })}
            >
              <picture>
                <source media={PHONE_BANNER_MEDIA} srcSet={banner.phoneImage} width={600} height={400} />
                <img
                  src={banner.image}
                  alt={banner.alt}
                  width={1200}
                  height={400}
                  loading={position === 0 ? 'eager' : 'lazy'}
                  {...{ fetchpriority: position === 0 ? 'high' : 'low' }}
                />
              </picture>
            </Link>
          ))}
        </div>
      </div>
      {/* Below the artwork, never on it: the dots cannot cover its text at any width. */}
      <div className={styles.dots}>
        {banners.map((banner, position) => (
          <button
            key={banner.image}
            type="button"
            aria-label={t('banner.show', { position: position + 1 })}
            aria-current={position === index}
            className={position === index ? styles.dotActive : styles.dot}
            onClick={() => setIndex(position)}
          />
        ))}
      </div>
    </section>
  );
}
