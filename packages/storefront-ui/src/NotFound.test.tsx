import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { NotFound } from './NotFound';
import { EmptyState } from './EmptyState';
import { Loading } from './Loading';

describe('NotFound', () => {
  it("shows the heading 'NotFound', a message and a way back to the shop", () => {
    render(
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <NotFound />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'NotFound' })).toBeTruthy();
    expect(screen.getByText('We could not find that page. It may have moved, or the link may be wrong.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/shop/all');
  });

  it('shows the message it is given (an unknown product)', () => {
    render(
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <NotFound message="We could not find that product." />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'NotFound' })).toBeTruthy();
    expect(screen.getByText('We could not find that product.')).toBeTruthy();
    expect(screen.queryByText(/It may have moved/)).toBeNull();
  });
});

describe('EmptyState and Loading', () => {
  it('EmptyState shows its title and what it wraps', () => {
    render(
      <EmptyState title="No Products">
        <a href="/shop/all">Browse the shop</a>
      </EmptyState>,
    );
    expect(screen.getByText('No Products')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toBeTruthy();
  });

  it('Loading announces itself politely with its label', () => {
    render(<Loading label="Loading products…" />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Loading products…');
  });
});
