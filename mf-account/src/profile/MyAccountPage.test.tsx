import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES, type CustomerProfile } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { currentPath, jsonBody, PROFILE, renderAccount, storedSession, storeSession } from '../testFixtures';

afterEach(() => {
  resetShopState();
  localStorage.clear();
});

/** The customers service for one customer: the profile it serves follows the updates it accepts. */
function profileServer(start: CustomerProfile = PROFILE, answer?: () => unknown) {
  let profile = { ...start };
  const updates: Array<Record<string, unknown>> = [];
  mockApi({
    'GET /get-profile': () => profile,
    'POST /profile/update': async (request) => {
      const body = (await jsonBody(request)) as Record<string, unknown>;
      updates.push(body);
      if (answer) return answer();
      // The service trims names and lower-cases the email (packages/api-types/src/schemas/accounts.ts).
      const text = (key: string) => String(body[key]).trim();
      profile = {
        ...profile,
        first_name: text('first_name'),
        last_name: text('last_name'),
        email: text('email').toLowerCase(),
        phone: text('phone'),
      };
      return { message: ACCOUNT_MESSAGES.profileUpdated };
    },
    'POST /logout': () => ({ message: ACCOUNT_MESSAGES.loggedOut }),
  });
  return updates;
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const passwordField = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

/** The toasts showing and not on their way out (jsdom runs no exit animation). */
const shownToasts = () =>
  Array.from(document.querySelectorAll('.Toastify__toast'))
    .filter((toast) => !/exit/.test(toast.className))
    .map((toast) => (toast.textContent ?? '').trim());

/** The paragraph whose whole text starts with `start` (the greeting and balance are split over elements). */
const paragraph = (start: string) =>
  screen.getByText((_, element) => element?.tagName === 'P' && (element.textContent ?? '').startsWith(start));

async function openMyAccount(): Promise<void> {
  storeSession();
  renderAccount('/profile/my-account');
  await screen.findByRole('heading', { level: 1, name: 'Edit Your Profile' });
}

describe('MyAccountPage', () => {
  it("'Edit Your Profile' is prefilled from /get-profile, with the greeting and the points balance", async () => {
    profileServer();
    await openMyAccount();
    expect(field('First name').value).toBe('Juma');
    expect(field('Last name').value).toBe('Otieno');
    expect(field('Email address').value).toBe('customer@example.com');
    expect(field('Phone').value).toBe('0712345678');
    expect(passwordField(/^New password/).value).toBe('');
    expect(passwordField(/^Confirm new password/).value).toBe('');
    expect(paragraph('Hello').textContent).toBe('Hello Juma (not Juma? Log out)');
    expect(paragraph('Shwari Points balance').textContent).toBe('Shwari Points balance: 150');
    expect(document.title).toBe('My Account | Shwari Shop');
  });

  it('a profile without a phone shows an empty phone field', async () => {
    profileServer({ ...PROFILE, phone: null });
    await openMyAccount();
    expect(field('Phone').value).toBe('');
  });

  it('Save Changes with blank passwords posts the four fields only and shows the server message', async () => {
    const updates = profileServer();
    await openMyAccount();
    type(field('Phone'), '0722999888');
    save();
    expect(await screen.findByText(ACCOUNT_MESSAGES.profileUpdated)).toBeTruthy();
    expect(updates).toEqual([{ first_name: 'Juma', last_name: 'Otieno', email: 'customer@example.com', phone: '0722999888' }]);
    expect(Object.keys(updates[0] ?? {})).not.toContain('password');
    expect(Object.keys(updates[0] ?? {})).not.toContain('password_confirmation');
  });

  it('a phone written +254 7.. is saved, and shown afterwards, as the shop stores it', async () => {
    const updates = profileServer();
    await openMyAccount();
    type(field('Phone'), '+254 722 999 888');
    save();
    expect(await screen.findByText(ACCOUNT_MESSAGES.profileUpdated)).toBeTruthy();
    expect(updates).toEqual([{ first_name: 'Juma', last_name: 'Otieno', email: 'customer@example.com', phone: '0722999888' }]);
    expect(field('Phone').value).toBe('0722999888');
  });

  it('a new password is posted with its confirmation and the current password, and the password fields are emptied after saving', async () => {
    const updates = profileServer();
    await openMyAccount();
    type(passwordField(/^New password/), 'Mpya@2026');
    type(passwordField(/^Confirm new password/), 'Mpya@2026');
    type(passwordField(/^Current password/), 'Customer@123');
    save();
    expect(await screen.findByText(ACCOUNT_MESSAGES.profileUpdated)).toBeTruthy();
    expect(updates).toEqual([
      {
        first_name: 'Juma',
        last_name: 'Otieno',
        email: 'customer@example.com',
        phone: '0712345678',
        password: 'Mpya@2026',
        password_confirmation: 'Mpya@2026',
        current_password: 'Customer@123',
      },
    ]);
    await waitFor(() => expect(passwordField(/^New password/).value).toBe(''));
    expect(passwordField(/^Confirm new password/).value).toBe('');
    // Nothing left to confirm: the current password field goes away, emptied.
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
  });

  it('a 422 shows each field message as a toast and keeps what the customer typed', async () => {
    const updates = profileServer(PROFILE, () =>
      respond(422, {
        message: 'The email has already been taken. (and 2 more errors)',
        errors: {
          email: [ACCOUNT_MESSAGES.emailTaken],
          phone: ['The phone field must be 10 digits.'],
          password: ['The password field confirmation does not match.'],
        },
      }),
    );
    await openMyAccount();
    type(field('Email address'), 'taken@example.com');
    type(field('Phone'), '07129');
    type(passwordField(/^New password/), 'Mpya@2026');
    type(passwordField(/^Confirm new password/), 'Mpya@2027');
    type(passwordField(/^Current password/), 'Customer@123');
    save();
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailTaken)).toBeTruthy();
    expect(await screen.findByText('The phone field must be 10 digits.')).toBeTruthy();
    expect(await screen.findByText('The password field confirmation does not match.')).toBeTruthy();
    expect(screen.queryByText(ACCOUNT_MESSAGES.profileUpdated)).toBeNull();
    expect(updates).toHaveLength(1);
    expect(field('Email address').value).toBe('taken@example.com');
    expect(passwordField(/^New password/).value).toBe('Mpya@2026');
    // Nothing changed, so the stored session is untouched.
    expect(storedSession()).toEqual({ token: 'tok_customer_1', name: 'Juma Otieno', email: 'customer@example.com' });
  });

  it('after a successful name change the stored customer_name (and email) follow, and the greeting too', async () => {
    profileServer();
    await openMyAccount();
    type(field('First name'), 'Jumaa ');
    type(field('Last name'), 'Otieno-Mwangi');
    type(field('Email address'), 'Juma.Otieno@Example.com');
    type(passwordField(/^Current password/), 'Customer@123');
    save();
    expect(await screen.findByText(ACCOUNT_MESSAGES.profileUpdated)).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('customer_name')).toBe('Jumaa Otieno-Mwangi'));
    expect(localStorage.getItem('customer_email')).toBe('juma.otieno@example.com');
    expect(localStorage.getItem('customer_token')).toBe('tok_customer_1');
    // The profile is fetched again after the update and refills the form.
    await waitFor(() => expect(paragraph('Hello').textContent).toBe('Hello Jumaa (not Jumaa? Log out)'));
    expect(field('Email address').value).toBe('juma.otieno@example.com');
  });

  it('asks for the current password only when the email or the password changes, and sends nothing without it', async () => {
    const updates = profileServer();
    await openMyAccount();
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    type(field('Email address'), 'new.address@example.com');
    expect(passwordField(/^Current password/).required).toBe(true);
    save();
    expect(await screen.findByText(ACCOUNT_MESSAGES.currentPasswordRequired)).toBeTruthy();
    expect(updates).toEqual([]);
    // Back to the same email (any case): no longer asked.
    type(field('Email address'), 'Customer@Example.com');
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    type(passwordField(/^New password/), 'Mpya@2026');
    expect(screen.getByLabelText(/^Current password/)).toBeTruthy();
  });

  it("a wrong current password shows 'The current password is incorrect.' and keeps the change typed", async () => {
    const updates = profileServer(PROFILE, () =>
      respond(422, {
        message: ACCOUNT_MESSAGES.currentPasswordIncorrect,
        errors: { current_password: [ACCOUNT_MESSAGES.currentPasswordIncorrect] },
      }),
    );
    await openMyAccount();
    type(field('Email address'), 'new.address@example.com');
    type(passwordField(/^Current password/), 'a-wrong-guess');
    save();
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    expect(updates).toEqual([
      {
        first_name: 'Juma',
        last_name: 'Otieno',
        email: 'new.address@example.com',
        phone: '0712345678',
        current_password: 'a-wrong-guess',
      },
    ]);
    expect(field('Email address').value).toBe('new.address@example.com');
    expect(storedSession()).toEqual({ token: 'tok_customer_1', name: 'Juma Otieno', email: 'customer@example.com' });
  });

  it('the wrong-password toast goes as the current password is typed again, and never shows next to the success', async () => {
    let calls = 0;
    profileServer(PROFILE, () =>
      ++calls === 1
        ? respond(422, {
            message: ACCOUNT_MESSAGES.currentPasswordIncorrect,
            errors: { current_password: [ACCOUNT_MESSAGES.currentPasswordIncorrect] },
          })
        : { message: ACCOUNT_MESSAGES.profileUpdated },
    );
    await openMyAccount();
    type(field('Email address'), 'new.address@example.com');
    type(passwordField(/^Current password/), 'a-wrong-guess');
    save();
    await waitFor(() => expect(shownToasts()).toEqual([ACCOUNT_MESSAGES.currentPasswordIncorrect]));
    type(passwordField(/^Current password/), 'Unga@2026');
    await waitFor(() => expect(shownToasts()).toEqual([]));
    save();
    await waitFor(() => expect(shownToasts()).toEqual([ACCOUNT_MESSAGES.profileUpdated]));
  });

  it('when the profile cannot be loaded the page says so', async () => {
    storeSession();
    mockApi({ 'GET /get-profile': () => respond(500, { message: 'Server Error' }) });
    renderAccount('/profile/my-account');
    expect(await screen.findByText('We could not load your profile just now.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it("the greeting's 'Log out' signs out and goes to /login", async () => {
    profileServer();
    await openMyAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(currentPath()).toBe('/login');
    expect(storedSession()).toEqual({ token: null, name: null, email: null });
  });
});
