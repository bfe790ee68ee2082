import type { Browser, Page } from 'playwright-core';
import { eventually, launchBrowser, openJourney, withScreenshotOnFailure } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 2 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
/** Password inputs have no textbox role; their label reads 'Password' (plus a '*' screen readers skip). */
const secret = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${shop.url}/login`);
  await field(page, 'Email address').fill(email);
  await secret(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/profile\/my-account$/);
}

it('register → login → edit profile → add, edit, delete an address → reset the password by code → log in again → log out', async () => {
  const { page } = await openJourney(browser, { width: 1280, height: 900 });
  const email = `wanjiku.${Date.now()}@example.com`;
  await withScreenshotOnFailure(page, 'accounts-journey', async () => {
    // Register: errors per field first, then success and the move to /login after 2 s.
    await page.goto(`${shop.url}/register`);
    await page.getByRole('heading', { name: 'Register' }).waitFor();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('The email field is required.').waitFor();
    await page.getByText('The phone field is required.').waitFor();
    await field(page, 'First name').fill('Wanjiku');
    await field(page, 'Last name').fill('Kamau');
    await field(page, 'Email address').fill(email);
    await field(page, 'Phone').fill('0722000111');
    await secret(page, 'Password').fill('Unga-Safi-2026');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Registration successful. You can now log in.').first().waitFor();
    await page.waitForURL(/\/login$/, { timeout: 5000 });

    // Login: a wrong password is refused, the right one opens My Account with the sign-up points.
    await field(page, 'Email address').fill(email);
    await secret(page, 'Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('These credentials do not match our records.').first().waitFor();
    await logIn(page, email, 'Unga-Safi-2026');
    await page.getByRole('heading', { name: 'Edit Your Profile' }).waitFor();
    await page.getByText('Shwari Points balance: 20').waitFor();
    expect(await page.getByRole('link', { name: 'Wanjiku Kamau' }).count()).toBe(1);
    // Visiting /login while signed in goes back to the account.
    await page.goto(`${shop.url}/login`);
    await page.waitForURL(/\/profile\/my-account$/);

    // Edit the profile: a new password asks for the current one first, a mismatched confirmation is
    // refused, then the new name shows in the header.
    await field(page, 'First name').fill('Wanjiku Njeri');
    await secret(page, 'New password').fill('Another-Pass-1');
    await secret(page, 'Confirm new password').fill('Different-Pass-1');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Enter your current password to change your email or password.').first().waitFor();
    await page.getByLabel(/^Current password/).fill('Unga-Safi-2026');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('The password field confirmation does not match.').first().waitFor();
    await secret(page, 'New password').fill('');
    await secret(page, 'Confirm new password').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully.').first().waitFor();
    await page.getByRole('link', { name: 'Wanjiku Njeri Kamau' }).waitFor();

    // Addresses: add, edit, delete.
    await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Addresses' }).click();
    await page.getByText('You have no saved addresses yet.').waitFor();
    await page.getByRole('button', { name: 'Add Address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByRole('button', { name: 'Save Address' }).click();
    await page.getByText('Street is required').first().waitFor();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Wanjiku Kamau');
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('0722000111');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'Street address', exact: true }).fill('Oginga Odinga Street');
    await form.getByRole('textbox', { name: 'Town', exact: true }).fill('Kisumu');
    await form.getByRole('combobox', { name: 'County', exact: true }).selectOption({ label: 'Kisumu' });
    const subCounty = form.getByRole('combobox', { name: 'Sub-county', exact: true });
    await eventually(
      () => subCounty.locator('option').count(),
      (count) => count > 1,
    );
    await subCounty.selectOption({ label: 'Kisumu Central' });
    await form.getByRole('button', { name: 'Save Address' }).click();
    const card = page.getByTestId('address-card');
    await card.filter({ hasText: 'Oginga Odinga Street' }).waitFor();
    expect(await card.innerText()).toContain('Kisumu Central');

    await page.getByRole('button', { name: 'Edit address Wanjiku Kamau' }).click();
    const editForm = page.getByRole('form', { name: 'Edit address Wanjiku Kamau' });
    await editForm.getByRole('textbox', { name: 'Apartment (optional)', exact: true }).fill('Lake View Flats, B12');
    await editForm.getByRole('button', { name: 'Save Address' }).click();
    await card.filter({ hasText: 'Lake View Flats, B12' }).waitFor();

    await page.getByRole('button', { name: 'Delete address Wanjiku Kamau' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('You have no saved addresses yet.').waitFor();

    // Shwari Points page explains the balance.
    await page.getByRole('link', { name: 'Shwari Points' }).click();
    await eventually(
      () => page.getByTestId('points-balance').innerText(),
      (value) => value === '20',
    );
    await page.getByText('Welcome points for registering').waitFor();

    // Log out, then reset the password with the code from the outbox.
    await page.getByRole('button', { name: 'Log Out', exact: true }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('link', { name: 'Login / Register' }).waitFor();
    await page.getByRole('link', { name: 'Lost your password?' }).click();
    await field(page, 'Email address').fill('nobody@example.com');
    await secret(page, 'New password').fill('Fresh-Maize-2026');
    await secret(page, 'Confirm password').fill('Fresh-Maize-2026');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByText('Register first').first().waitFor();
    await field(page, 'Email address').fill(email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByText('We have emailed you a 6-digit code.').first().waitFor();
    const mail = await (await page.request.get(`${shop.url}/api/dev/outbox/latest?to=${encodeURIComponent(email)}`)).json();
    const code = String(mail.text).match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await field(page, '6-digit code from your email').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('The code is invalid or has expired.').first().waitFor();
    await field(page, '6-digit code from your email').fill(code!);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset. You can now log in.').first().waitFor();
    await page.waitForURL(/\/login$/, { timeout: 5000 });

    // The old password no longer works; the new one does.
    await field(page, 'Email address').fill(email);
    await secret(page, 'Password').fill('Unga-Safi-2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('These credentials do not match our records.').first().waitFor();
    await logIn(page, email, 'Fresh-Maize-2026');
    await page.getByRole('heading', { name: 'Edit Your Profile' }).waitFor();
    await page.getByRole('button', { name: 'Log Out', exact: true }).click();
    await page.waitForURL(/\/login$/);
    // Signed out: the account pages send a visitor to the login page.
    await page.goto(`${shop.url}/profile/addresses`);
    await page.waitForURL(/\/login$/);
  });
});
