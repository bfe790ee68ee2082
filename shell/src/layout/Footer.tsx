import { Link } from 'react-router-dom';
import { useT } from '../i18n';
import { SOCIAL_LINKS } from './links';
import styles from './Footer.module.css';

export function Footer(): JSX.Element {
  const t = useT();
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section>
          <h2>Shwari Shop</h2>
          <p>{t('footer.about')}</p>
        </section>
        <nav aria-label={t('footer.customer')}>
          <h2>{t('footer.myAccount')}</h2>
          <ul>
            <li>
              <Link to="/login">{t('footer.orderTracking')}</Link>
            </li>
            <li>
              <Link to="/login">{t('footer.myAccount')}</Link>
            </li>
            <li>
              <Link to="/login">{t('footer.orders')}</Link>
            </li>
            <li>
              <Link to="/login">{t('footer.addresses')}</Link>
            </li>
            <li className={styles.mobileOnly}>
              <Link to="/forgot-password">{t('footer.lostPassword')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.information')}>
          <h2>{t('footer.information')}</h2>
          <ul>
            <li>
              <Link to="/return-policy">{t('footer.returnPolicy')}</Link>
            </li>
            <li>
              <Link to="/faqs">{t('footer.faqs')}</Link>
            </li>
            <li>
              <Link to="/privacy-policy">{t('footer.privacyPolicy')}</Link>
            </li>
            <li>
              <Link to="/terms">{t('footer.terms')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.socialNetworks')}>
          <h2>{t('footer.followUs')}</h2>
          <ul className={styles.social}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className={styles.copyright}>{t('footer.copyright', { year: String(new Date().getFullYear()) })}</p>
    </footer>
  );
}
