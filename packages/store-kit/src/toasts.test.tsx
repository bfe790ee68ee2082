import { act, render, screen } from '@testing-library/react';
import { notify, ToastHost } from './toasts';

it('loads the toast library on the first toast and shows it, then shows later ones at once', async () => {
  const { container } = render(<ToastHost />);
  expect(container.innerHTML).toBe('');
  act(() => notify.success('Mlima Gold added to cart'));
  expect(await screen.findByText('Mlima Gold added to cart')).toBeTruthy();
  act(() => notify.warning('Mlima Gold removed from cart'));
  expect(await screen.findByText('Mlima Gold removed from cart')).toBeTruthy();
});
