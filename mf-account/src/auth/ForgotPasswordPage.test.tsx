import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { currentPath, jsonBody, PROFILE, renderAccount, storeSession } from '../testFixtures';

afterEach(() => {
  jest.useRealTimers();
  resetShopState();
  localStorage.clear();
});

const EMAIL = 'customer@example.com';
const CODE_FIELD = '6-digit code from your email';

function fillIn(email: string, password: string, confirmation: string): void {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: confirmation } });
}

/** The server as the customers service answers: step one mails a code, step two checks it. */
function forgotPasswordServer(options: { known?: boolean; code?: string } = {}) {
  const { known = true, code = '482913' } = options;
  const bodies: Array<Record<string, unknown>> = [];
  mockApi({
    'POST /forgot-password': async (request) => {
      const body = (await jsonBody(request)) as Record<string, unknown>;
      bodies.push(body);
      if (!known) return respond(404, { message: ACCOUNT_MESSAGES.registerFirst });
      if (body.code === undefined) return { message: ACCOUNT_MESSAGES.resetCodeSent };
      if (body.code !== code)
        return respond(422, { message: ACCOUNT_MESSAGES.resetCodeInvalid, errors: { code: [ACCOUNT_MESSAGES.resetCodeInvalid] } });
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  });
  return bodies;
}

/** Step one: the code is requested and its field appears. */
async function requestCode(): Promise<void> {
  fillIn(EMAIL, 'Mpya@2026', 'Mpya@2026');
  fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
  await screen.findByRole('textbox', { name: CODE_FIELD });
}

describe('ForgotPasswordPage', () => {
  it('shows email, new password and confirmation, with links to login and register', () => {
    mockApi({});
    renderAccount('/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeTruthy();
    expect((screen.getByLabelText(/^New password/) as HTMLInputElement).type).toBe('password');
    expect((screen.getByLabelText(/^Confirm password/) as HTMLInputElement).type).toBe('password');
    expect(screen.queryByRole('textbox', { name: CODE_FIELD })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
  });

  it('the first submit posts {email} only, shows the message and reveals the 6-digit code field', async () => {
    const bodies = forgotPasswordServer();
    renderAccount('/forgot-password');
    fillIn(EMAIL, 'Mpya@2026', 'Mpya@2026');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.resetCodeSent)).toBeTruthy();
    const code = screen.getByRole('textbox', { name: CODE_FIELD }) as HTMLInputElement;
    expect(code.maxLength).toBe(6);
    expect(bodies).toEqual([{ email: EMAIL }]);
    expect(screen.getByText(`We emailed a 6-digit code to ${EMAIL}. Enter it with your new password.`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
    // The email the code went to can no longer be changed.
    expect((screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement).readOnly).toBe(true);
  });

  it("an unknown email (404) shows 'Register first' and no code field", async () => {
    const bodies = forgotPasswordServer({ known: false });
    renderAccount('/forgot-password');
    fillIn('nobody@example.com', 'Mpya@2026', 'Mpya@2026');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('Register first')).toBeTruthy();
    expect(bodies).toEqual([{ email: 'nobody@example.com' }]);
    expect(screen.queryByRole('textbox', { name: CODE_FIELD })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send me a code' })).toBeTruthy();
  });

  it('field errors of the first step are listed as toasts', async () => {
    mockApi({
      'POST /forgot-password': () =>
        respond(422, {
          message: 'The email field must be a valid email address.',
          errors: { email: ['The email field must be a valid email address.'] },
        }),
    });
    renderAccount('/forgot-password');
    fillIn('not-an-email', 'Mpya@2026', 'Mpya@2026');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('The email field must be a valid email address.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: CODE_FIELD })).toBeNull();
  });

  it('mismatched passwords are refused before a code is even requested', async () => {
    const bodies = forgotPasswordServer();
    renderAccount('/forgot-password');
    fillIn(EMAIL, 'Mpya@2026', 'Mpya@2027');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('The password field confirmation does not match.')).toBeTruthy();
    expect(bodies).toEqual([]);
    expect(screen.queryByRole('textbox', { name: CODE_FIELD })).toBeNull();
  });

  it('mismatched passwords are refused before the reset call', async () => {
    const bodies = forgotPasswordServer();
    renderAccount('/forgot-password');
    await requestCode();
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'Mpya@2027' } });
    fireEvent.change(screen.getByRole('textbox', { name: CODE_FIELD }), { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('The password field confirmation does not match.')).toBeTruthy();
    expect(bodies).toEqual([{ email: EMAIL }]);
    expect(currentPath()).toBe('/forgot-password');
  });

  it('the second submit posts {email, code, password, password_confirmation}; a wrong code shows the server message', async () => {
    const bodies = forgotPasswordServer({ code: '482913' });
    renderAccount('/forgot-password');
    await requestCode();
    // Only digits are kept in the code field.
    fireEvent.change(screen.getByRole('textbox', { name: CODE_FIELD }), { target: { value: '11-11 11' } });
    expect((screen.getByRole('textbox', { name: CODE_FIELD }) as HTMLInputElement).value).toBe('111111');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('The code is invalid or has expired.')).toBeTruthy();
    expect(bodies).toEqual([{ email: EMAIL }, { email: EMAIL, code: '111111', password: 'Mpya@2026', password_confirmation: 'Mpya@2026' }]);
    expect(screen.getByRole('textbox', { name: CODE_FIELD })).toBeTruthy();
    expect(currentPath()).toBe('/forgot-password');
  });

  it('a correct code shows the success message, then goes to /login after 2 seconds', async () => {
    jest.useFakeTimers();
    const bodies = forgotPasswordServer({ code: '482913' });
    renderAccount('/forgot-password');
    await requestCode();
    fireEvent.change(screen.getByRole('textbox', { name: CODE_FIELD }), { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(`${ACCOUNT_MESSAGES.passwordReset} Taking you to the login page…`)).toBeTruthy();
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordReset)).toBeTruthy(); // the toast
    expect(bodies[1]).toEqual({ email: EMAIL, code: '482913', password: 'Mpya@2026', password_confirmation: 'Mpya@2026' });
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();

    act(() => jest.advanceTimersByTime(1500));
    expect(currentPath()).toBe('/forgot-password');
    act(() => jest.advanceTimersByTime(600));
    expect(currentPath()).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });

  it('"Send a new code" posts {email} again', async () => {
    const bodies = forgotPasswordServer();
    renderAccount('/forgot-password');
    await requestCode();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(bodies).toEqual([{ email: EMAIL }, { email: EMAIL }]));
  });

  it('a signed-in visitor is redirected to /profile/my-account', async () => {
    storeSession();
    const forgot = jest.fn(() => ({ message: ACCOUNT_MESSAGES.resetCodeSent }));
    mockApi({ 'POST /forgot-password': forgot, 'GET /get-profile': () => PROFILE });
    renderAccount('/forgot-password');
    expect(currentPath()).toBe('/profile/my-account');
    expect(screen.queryByRole('heading', { name: 'Forgot Password' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Edit Your Profile' })).toBeTruthy();
    expect(forgot).not.toHaveBeenCalled();
  });
});
