import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_MESSAGES } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { STAFF_MEMBERS } from '../testFixtures';
import { findToast, jsonBody, renderAdmin, storeAdminSession } from '../testUtils';

beforeEach(() => storeAdminSession());
afterEach(() => resetShopState());

describe('staff (Administration)', () => {
  it('cannot deactivate yourself: your button is disabled with the reason; others need confirmation', async () => {
    const deactivated: string[] = [];
    mockApi({
      'GET /admin/users': () => STAFF_MEMBERS,
      'POST /admin/users/\\d+/deactivate': (request) => {
        deactivated.push(new URL(request.url).pathname);
        return { message: 'Otieno Kamau deactivated.' };
      },
    });
    renderAdmin('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeTruthy();
    await screen.findByText('Amina Wanjiru (you)');
    const mine = screen.getByRole('button', { name: 'Deactivate Amina Wanjiru' }) as HTMLButtonElement;
    expect(mine.disabled).toBe(true);
    expect(screen.getByTestId('own-row-reason').getAttribute('title')).toBe(ADMIN_MESSAGES.cannotDeactivateSelf);

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Otieno Kamau' }));
    const title = await screen.findByText('Deactivate Otieno Kamau?', { selector: '.shop-admin-modal-confirm-title' });
    expect(deactivated).toEqual([]);
    fireEvent.click(within(title.closest('.shop-admin-modal-confirm') as HTMLElement).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(deactivated).toEqual(['/api/admin/users/2/deactivate']));
    await findToast('Otieno Kamau deactivated.');
  });

  it("shows the server's 422 'You cannot deactivate your own account.'", async () => {
    // Signed in under another address than the list shows (e.g. the email changed meanwhile).
    storeAdminSession('someone-else@shwarimills.co.ke');
    mockApi({
      'GET /admin/users': () => STAFF_MEMBERS,
      'POST /admin/users/1/deactivate': () =>
        respond(422, { message: ADMIN_MESSAGES.cannotDeactivateSelf, errors: { id: [ADMIN_MESSAGES.cannotDeactivateSelf] } }),
    });
    renderAdmin('/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Amina Wanjiru' }));
    const title = await screen.findByText('Deactivate Amina Wanjiru?', { selector: '.shop-admin-modal-confirm-title' });
    fireEvent.click(within(title.closest('.shop-admin-modal-confirm') as HTMLElement).getByRole('button', { name: 'Deactivate' }));
    await findToast(ADMIN_MESSAGES.cannotDeactivateSelf);
  });

  it('adds a staff member; the password needs at least 12 characters', async () => {
    const bodies: unknown[] = [];
    mockApi({
      'GET /admin/users': () => STAFF_MEMBERS,
      'POST /admin/users': async (request) => {
        bodies.push(await jsonBody(request));
        return { message: 'Staff member added.', user: { ...STAFF_MEMBERS[1]!, id: 3 } };
      },
    });
    renderAdmin('/admin/users');
    await screen.findByText('Otieno Kamau');
    fireEvent.click(screen.getByRole('button', { name: /Add staff member/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Wanjiku' } });
    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Mwangi' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'wanjiku@shwarimills.co.ke' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'short-pass' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(await within(dialog).findByText('The password must be at least 12 characters.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'long-enough-pass' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    await findToast('Staff member added.');
    expect(bodies).toEqual([
      { first_name: 'Wanjiku', last_name: 'Mwangi', email: 'wanjiku@shwarimills.co.ke', password: 'long-enough-pass' },
    ]);
  });
});
