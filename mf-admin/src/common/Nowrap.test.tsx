import { render, screen } from '@testing-library/react';
import { ProductPrice } from '../products/productBits';
import { CodeText } from './Nowrap';

// jsdom lays nothing out: what keeps a price or a code whole at 1366 px is its `white-space: nowrap`.
const lineOf = (element: HTMLElement): string => getComputedStyle(element).whiteSpace;

it('an offer price and the old price it replaces each stay on one line ("KSh 135.0 / 0" no more)', () => {
  render(<ProductPrice product={{ price: 135, offer: { offer_price: 121.5, discount: { name: '10.00%', percent: 10 } } }} />);
  expect(lineOf(screen.getByText('KSh 121.50'))).toBe('nowrap');
  expect(lineOf(screen.getByText('KSh 135.00'))).toBe('nowrap');
});

it('a coupon code stays on one line', () => {
  render(<CodeText code="UNGA-DECEMBER-2026" copyable />);
  expect(lineOf(screen.getByText('UNGA-DECEMBER-2026').closest<HTMLElement>('[style]')!)).toBe('nowrap');
});
