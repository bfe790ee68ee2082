import { useT } from './i18n';
import styles from './ui.module.css';
import { VisuallyHidden } from './VisuallyHidden';

export function Loading({ label, tall = false }: { label?: string; tall?: boolean }): JSX.Element {
  const t = useT();
  return (
    <div className={`${styles.loading} ${tall ? styles.loadingTall : ''}`} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <VisuallyHidden>{label ?? t('loading')}</VisuallyHidden>
    </div>
  );
}
