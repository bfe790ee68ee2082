import { Link } from 'react-router-dom';
import { useT } from './i18n';
import styles from './ui.module.css';

/** The NotFound page, for unknown paths and for an unknown product or brand. */
export function NotFound({ message }: { message?: string }): JSX.Element {
  const t = useT();
  return (
    <section className={styles.notFound}>
      <p className={styles.notFoundCode}>404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{message ?? t('notFound.message')}</p>
      <p>
        <Link to="/shop/all" className={styles.button}>
          {t('notFound.continue')}
        </Link>
      </p>
    </section>
  );
}
