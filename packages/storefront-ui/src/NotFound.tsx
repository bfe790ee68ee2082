import { Link } from 'react-router-dom';
import styles from './ui.module.css';

/** The NotFound page, for unknown paths and for an unknown product or brand. */
export function NotFound({
  message = 'We could not find that page. It may have moved, or the link may be wrong.',
}: {
  message?: string;
}): JSX.Element {
  return (
    <section className={styles.notFound}>
      <p className={styles.notFoundCode}>404</p>
      <h1>NotFound</h1>
      <p>{message}</p>
      <p>
        <Link to="/shop/all" className={styles.button}>
          Continue shopping
        </Link>
      </p>
    </section>
  );
}
