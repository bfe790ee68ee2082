import { render, screen } from '@testing-library/react';
import { Price } from './Price';

describe('Price', () => {
  it("shows a regular price as 'KSh 1,930.00': prefix, thousands separator, exactly two decimals", () => {
    const { container } = render(<Price price={1930} offer={null} />);
    expect(container.textContent).toBe('KSh 1,930.00');
    expect(container.querySelector('del')).toBeNull();
  });

  it('keeps two decimals for cents and groups millions', () => {
    const { container, rerender } = render(<Price price={94.5} offer={null} />);
    expect(container.textContent).toBe('KSh 94.50');
    rerender(<Price price={1234567.8} offer={null} />);
    expect(container.textContent).toBe('KSh 1,234,567.80');
    rerender(<Price price={0.1} offer={null} />);
    expect(container.textContent).toBe('KSh 0.10');
  });

  it('on offer: shows the offer price first and the regular price struck through', () => {
    render(<Price price={1980} offer={{ offer_price: 1850, discount: { name: '6.57%', percent: 6.57 } }} />);
    const offer = screen.getByText('KSh 1,850.00');
    const regular = screen.getByText('KSh 1,980.00');
    expect(regular.tagName).toBe('DEL');
    expect(regular.getAttribute('aria-label')).toBe('was KSh 1,980.00');
    expect(offer.tagName).not.toBe('DEL');
    // The offer price comes before the struck regular price.
    expect(offer.compareDocumentPosition(regular) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
