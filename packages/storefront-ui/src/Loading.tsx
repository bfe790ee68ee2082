import styles from './ui.module.css';
import { VisuallyHidden } from './VisuallyHidden';

export function Loading({ label = 'Loading…', tall = false }: { label?: string; tall?: boolean }): JSX.Element {
  return (
    <div className={`${styles.loading} ${tall ? styles.loadingTall : ''}`} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}
