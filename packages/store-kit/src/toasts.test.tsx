import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { clearFormErrors, keepFormErrors, notify, showFormErrors, ToastHost, TOP_TOASTS_MEDIA } from './toasts';

it('loads the toast library on the first toast and shows it, then shows later ones at once', async () => {
  const { container } = render(<ToastHost />);
  expect(container.innerHTML).toBe('');
  act(() => notify.success('Mlima Gold added to cart'));
  expect(await screen.findByText('Mlima Gold added to cart')).toBeTruthy();
  act(() => notify.warning('Mlima Gold removed from cart'));
  expect(await screen.findByText('Mlima Gold removed from cart')).toBeTruthy();
});

describe('one toast per message, errors left behind with their page, off the bottom on a phone', () => {
  const originalMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  /** Waits for a toast to start leaving, then ends its exit animation (jsdom runs no animations). */
  const leaves = async (text: string) => {
    const toast = screen.getByText(text).closest<HTMLElement>('.Toastify__toast')!;
    await waitFor(() => expect(toast.className).toMatch(/exit/));
    fireEvent.animationEnd(toast);
    await waitFor(() => expect(screen.queryByText(text)).toBeNull());
  };

  const phoneScreen = (isPhone: boolean) => {
    window.matchMedia = ((query: string) => ({ matches: isPhone && query === TOP_TOASTS_MEDIA, media: query })) as typeof window.matchMedia;
  };

  it('the same message raised twice while it shows is one toast; another message is another toast', async () => {
    render(<ToastHost />);
    act(() => {
      notify.error('The email has already been taken.');
      notify.error('The email has already been taken.');
    });
    expect(await screen.findByText('The email has already been taken.')).toBeTruthy();
    act(() => notify.error('The email has already been taken.'));
    act(() => notify.error('The phone field must be 10 digits.'));
    expect(await screen.findByText('The phone field must be 10 digits.')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText('The email has already been taken.')).toHaveLength(1);
  });

  it('a new page dismisses the error toasts of the page left, and keeps the others', async () => {
    const { rerender } = render(<ToastHost page="/register" />);
    act(() => {
      notify.error('Wrong password.');
      notify.success('Mlima Gold added to cart');
    });
    expect(await screen.findByText('Wrong password.')).toBeTruthy();
    expect(await screen.findByText('Mlima Gold added to cart')).toBeTruthy();
    rerender(<ToastHost page="/login" />);
    await leaves('Wrong password.');
    expect(screen.getByText('Mlima Gold added to cart')).toBeTruthy();
    // The same page again (a re-render) leaves a new error alone.
    act(() => notify.error('Wrong password.'));
    expect(await screen.findByText('Wrong password.')).toBeTruthy();
    rerender(<ToastHost page="/login" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('Wrong password.')).toBeTruthy();
  });

  it('a phone shows toasts at the top, clear of the cart drawer’s Checkout button; a wide screen at the bottom', async () => {
    phoneScreen(true);
    const { unmount } = render(<ToastHost position="bottom-center" />);
    act(() => notify.warning('Nyota Sunflower Oil removed from cart'));
    const onPhone = await screen.findByText('Nyota Sunflower Oil removed from cart');
    expect(onPhone.closest('.Toastify__toast-container')?.className).toContain('Toastify__toast-container--top-center');
    unmount();

    phoneScreen(false);
    render(<ToastHost position="bottom-center" />);
    act(() => notify.warning('Pwani Bora Chapati Flour removed from cart'));
    const wide = await screen.findByText('Pwani Bora Chapati Flour removed from cart');
    expect(wide.closest('.Toastify__toast-container')?.className).toContain('Toastify__toast-container--bottom-center');
  });

  it('a form checked again replaces its error toasts: a field fixed meanwhile never comes up later, even from the waiting line', async () => {
    render(<ToastHost page="/checkout" limit={3} />);
    act(() =>
      showFormErrors('checkout', [
        'First name is required',
        'Last name is required',
        'Phone is required',
        'County is required',
        'Town is required',
      ]),
    );
    expect(await screen.findByText('Phone is required')).toBeTruthy();
    // Only three show at once; the other two wait.
    expect(screen.queryByText('County is required')).toBeNull();
    // The shopper chooses a county and fills in the names: those errors go, shown or waiting.
    act(() => keepFormErrors('checkout', ['Phone is required', 'Town is required']));
    await leaves('First name is required');
    await leaves('Last name is required');
    expect(await screen.findByText('Town is required')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('County is required')).toBeNull();
    // Continue again with only the phone wrong: the town's toast goes too, the phone's stays one toast.
    act(() => showFormErrors('checkout', ['Phone is required']));
    await leaves('Town is required');
    expect(screen.getAllByText('Phone is required')).toHaveLength(1);
    act(() => clearFormErrors('checkout'));
    await leaves('Phone is required');
  });

  it('a form’s errors leave other toasts and other forms’ errors alone', async () => {
    render(<ToastHost page="/profile" limit={3} />);
    act(() => {
      showFormErrors('password', ['The current password is incorrect.']);
      notify.success('Profile updated successfully');
    });
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    act(() => clearFormErrors('profile'));
    act(() => clearFormErrors('password'));
    await leaves('The current password is incorrect.');
    expect(screen.getByText('Profile updated successfully')).toBeTruthy();
  });

  it('a new page drops the errors still waiting their turn as well as those shown', async () => {
    const { rerender } = render(<ToastHost page="/register" limit={1} />);
    act(() => showFormErrors('register', ['The name field is required.', 'The email field is required.']));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    rerender(<ToastHost page="/login" limit={1} />);
    await leaves('The name field is required.');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('The email field is required.')).toBeNull();
  });
});
