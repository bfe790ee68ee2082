import { createElement, type ReactNode } from 'react';
import styles from './ui.module.css';

interface VisuallyHiddenProps {
  /** The element it is (a span unless a heading, a table caption or a field's label is meant). */
  as?: 'span' | 'h1' | 'h2' | 'caption' | 'label';
  /** For a label: the field it names. */
  htmlFor?: string;
  children: ReactNode;
}

/**
 * Text a screen reader reads and a sighted shopper does not see (a page's heading when the banner
 * is its visible title, a field's label beside its icon): moved off screen, not display:none,
 * which would hide it from assistive technology too.
 */
export function VisuallyHidden({ as = 'span', htmlFor, children }: VisuallyHiddenProps): JSX.Element {
  return createElement(as, { className: styles.visuallyHidden, htmlFor }, children);
}
