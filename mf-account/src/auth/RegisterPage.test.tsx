import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES, registerBodySchema } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { currentPath, jsonBody, renderAccount } from '../testFixtures';

afterEach(() => {
  jest.useRealTimers();
  resetShopState();
  localStorage.clear();
});

const NEW_CUSTOMER = {
  first_name: 'Wanjiku',
  last_name: 'Kamau',
  email: 'wanjiku@example.com',
  phone: '0722123456',
  password: 'Unga@2026',
};

function fillIn(values: typeof NEW_CUSTOMER): void {
  fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: values.first_name } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: values.last_name } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), { target: { value: values.email } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: values.phone } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: values.password } });
}

/** The toasts showing and not on their way out (jsdom runs no exit animation), in a stable order. */
const shownToasts = () =>
  Array.from(document.querySelectorAll('.Toastify__toast'))
    .filter((toast) => !/exit/.test(toast.className))
    .map((toast) => (toast.textContent ?? '').trim())
    .sort();

const register = () => fireEvent.click(screen.getByRole('button', { name: 'Register' }));

describe('RegisterPage', () => {
  it('shows the five fields, the 20 points offer and a link to login', () => {
    mockApi({});
    renderAccount('/register');
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeTruthy();
    for (const name of ['First name', 'Last name', 'Email address', 'Phone']) expect(screen.getByRole('textbox', { name })).toBeTruthy();
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).type).toBe('password');
    expect(screen.getByText('Create an account and earn 20 Shwari Points at once.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('posts exactly the five fields; on 201 shows the message and goes to /login after 2 seconds', async () => {
    jest.useFakeTimers();
    const bodies: unknown[] = [];
    mockApi({
      'POST /site/register': async (request) => {
        bodies.push(await jsonBody(request));
        return respond(201, { status: 201, message: ACCOUNT_MESSAGES.registered });
      },
    });
    renderAccount('/register');
    fillIn(NEW_CUSTOMER);
    register();

    expect(await screen.findByRole('status')).toHaveProperty('textContent', `${ACCOUNT_MESSAGES.registered} Taking you to the login page…`);
    expect(await screen.findByText(ACCOUNT_MESSAGES.registered)).toBeTruthy(); // the toast
    expect(bodies).toEqual([NEW_CUSTOMER]);
    expect(Object.keys(bodies[0] as object).sort()).toEqual(['email', 'first_name', 'last_name', 'password', 'phone']);
    // The form is gone: nobody registers twice by double-clicking.
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();

    act(() => jest.advanceTimersByTime(1500));
    expect(currentPath()).toBe('/register');
    act(() => jest.advanceTimersByTime(600));
    expect(currentPath()).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });

  it.each(['+254 722 123 456', '254722123456', '0722-123-456', '722 123 456'])(
    'accepts the phone written %p and registers it as 0722123456',
    async (phone) => {
      const bodies: unknown[] = [];
      mockApi({
        // The service's own rule (the schema it validates with), so a phone the server refuses fails here too.
        'POST /site/register': async (request) => {
          const body = await jsonBody(request);
          bodies.push(body);
          const parsed = registerBodySchema.safeParse(body);
          if (!parsed.success)
            return respond(422, { message: 'Invalid', errors: { phone: parsed.error.issues.map((issue) => issue.message) } });
          return respond(201, { status: 201, message: ACCOUNT_MESSAGES.registered });
        },
      });
      renderAccount('/register');
      fillIn({ ...NEW_CUSTOMER, phone });
      expect(screen.getByRole('textbox', { name: 'Phone' }).getAttribute('inputmode')).toBe('tel'); // a keypad with '+'
      register();

      expect(await screen.findByRole('status')).toHaveProperty(
        'textContent',
        `${ACCOUNT_MESSAGES.registered} Taking you to the login page…`,
      );
      expect(bodies).toEqual([{ ...NEW_CUSTOMER, phone: '0722123456' }]);
    },
  );

  it('each field error of a 422 appears as a toast and the page stays on /register with the form filled', async () => {
    mockApi({
      'POST /site/register': () =>
        respond(422, {
          message: 'The email has already been taken. (and 2 more errors)',
          errors: {
            email: [ACCOUNT_MESSAGES.emailTaken],
            phone: ['The phone field must be 10 digits.'],
            password: ['The password field must be at least 8 characters.'],
          },
        }),
    });
    renderAccount('/register');
    fillIn({ ...NEW_CUSTOMER, email: 'customer@example.com', phone: '07221', password: 'short' });
    register();
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailTaken)).toBeTruthy();
    expect(await screen.findByText('The phone field must be 10 digits.')).toBeTruthy();
    expect(await screen.findByText('The password field must be at least 8 characters.')).toBeTruthy();
    expect(screen.queryByRole('status', { name: /Registration successful/ })).toBeNull();
    expect(currentPath()).toBe('/register');
    expect((screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement).value).toBe('customer@example.com');

    // Fixing the phone takes its toast away; the others stay until they are fixed or the form is sent again.
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: NEW_CUSTOMER.phone } });
    await waitFor(() =>
      expect(shownToasts()).toEqual([ACCOUNT_MESSAGES.emailTaken, 'The password field must be at least 8 characters.'].sort()),
    );
  });
});
