import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_MESSAGES, type AdminOrder } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { DOUBLE_PAYMENT_TITLE, finalStatusNote, MARK_REFUND_MADE, REFUND_DUE_TITLE, STATUS_CHANGED } from './OrderPage';
import { ALLOWED_MOVES, STATUSES, order, page } from '../testFixtures';
import { cellTexts, findToast, headerTexts, jsonBody, pickOption, query, renderAdmin, storeAdminSession, tableRows } from '../testUtils';

beforeEach(() => storeAdminSession());
afterEach(() => resetShopState());

describe('orders list', () => {
  it("asks 15 a page, shows the columns and 'Page X of Y', and Next / Prev move pages", async () => {
    const queries: Array<Record<string, string>> = [];
    mockApi({
      'GET /admin/orders\\?.*': (request) => {
        const params = query(request);
        queries.push(params);
        const current = Number(params.page);
        return {
          orders: page([order(current * 10, { status: STATUSES[current === 1 ? 1 : 0]!, is_paid: current === 1 ? 1 : 0 })], current, 3, 31),
        };
      },
      'GET /admin/order-statuses': () => STATUSES,
    });
    renderAdmin('/admin/orders');
    await screen.findByRole('link', { name: 'SHW-1010' });
    expect(queries[0]).toEqual({ page: '1', per_page: '15' });
    expect(headerTexts()).toEqual(['Order Number', 'Customer', 'Products', 'Amount', 'Date Ordered', 'Status', 'Payment', 'Action']);
    expect(cellTexts(tableRows()[0]!)).toEqual(['SHW-1010', 'Juma Otieno', '2', 'KSh 2,350.00', '12 Jan 2026', 'Paid', 'Paid', 'Action']);
    expect(screen.getByRole('link', { name: 'SHW-1010' }).getAttribute('href')).toBe('/admin/orders/10');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Prev' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(queries.at(-1)).toEqual({ page: '2', per_page: '15' });
    expect(cellTexts(tableRows()[0]!).slice(5, 7)).toEqual(['Pending', 'Not Paid']);
    fireEvent.click(screen.getByRole('button', { name: 'Prev' }));
    await screen.findByText('Page 1 of 3');
  });

  it('a status filter goes back to page 1 with status_ids', async () => {
    const queries: Array<Record<string, string>> = [];
    mockApi({
      'GET /admin/orders\\?.*': (request) => {
        queries.push(query(request));
        return { orders: page([order(1)], Number(query(request).page), 2, 16) };
      },
      'GET /admin/order-statuses': () => STATUSES,
    });
    renderAdmin('/admin/orders');
    await screen.findByText('Page 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    await pickOption('Status', 'Delivered');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', per_page: '15', status_ids: '5' }));
  });

  it("says 'No Orders' when there are none", async () => {
    mockApi({ 'GET /admin/orders\\?.*': () => ({ orders: page([], 1, 1, 0) }), 'GET /admin/order-statuses': () => STATUSES });
    renderAdmin('/admin/orders');
    expect(await screen.findByText('No Orders')).toBeTruthy();
  });

  it('Export CSV fetches /api/admin/orders/export.csv with the filters and the session cookie, and downloads it', async () => {
    const exports: Array<{ url: string; auth: string | null; credentials: RequestCredentials | undefined }> = [];
    const csv = '\uFEFFOrder Number,Customer\r\nSHW-1001,Juma Otieno\r\n';
    const routes = mockApi({ 'GET /admin/orders\\?.*': () => ({ orders: page([order(1)]) }), 'GET /admin/order-statuses': () => STATUSES });
    const answer = routes.getMockImplementation()!;
    routes.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/export.csv')) {
        exports.push({ url, auth: new Headers(init?.headers).get('authorization'), credentials: init?.credentials });
        return new Response(csv, { status: 200, headers: { 'content-type': 'text/csv' } });
      }
      return answer(input, init);
    });
    let saved: Blob | null = null;
    jest.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
      saved = blob as Blob;
      return 'blob:orders';
    });
    const clicks: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderAdmin('/admin/orders');
    await screen.findByRole('link', { name: 'SHW-1001' });
    await pickOption('Status', 'Paid');
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(exports).toEqual([{ url: 'http://localhost/api/admin/orders/export.csv?status_ids=2', auth: null, credentials: 'same-origin' }]);
    expect(clicks[0]).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved!.arrayBuffer())).toBe(csv);
  });
});

describe('order detail', () => {
  it('shows the shipping address, items with total and the status history; changes the status with a note', async () => {
    const changes: unknown[] = [];
    let current = order(10, { discount: 235, status: STATUSES[2]! });
    mockApi({
      'GET /admin/orders/10': () => ({ order: current }),
      'GET /admin/order-statuses': () => STATUSES,
      'POST /admin/orders/10/status': async (request) => {
        changes.push(await jsonBody(request));
        current = {
          ...current,
          status: STATUSES[3]!,
          allowed_status_ids: ALLOWED_MOVES[4]!,
          status_history: [
            ...current.status_history,
            { status: STATUSES[3]!, note: 'Rider: Otieno', created_at: '2026-01-13T08:00:00.000Z' },
          ],
        };
        return { order: current };
      },
    });
    renderAdmin('/admin/orders/10');
    expect(await screen.findByRole('heading', { level: 2, name: 'Order SHW-1010' })).toBeTruthy();
    const address = screen.getByText('Shipping address').closest('.shop-admin-card') as HTMLElement;
    for (const text of [
      'Juma Otieno',
      'Waiyaki Way 14',
      'Nairobi',
      'Westlands',
      '0712345678',
      'customer@example.com',
      'Sarit Towers, 5th floor',
    ]) {
      expect(within(address).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(tableRows().map(cellTexts)).toEqual([
      ['Jogoo Maize Meal 2kg', '5', 'KSh 1,175.00'],
      ['Jogoo Maize Meal 2kg (Fortified)', '5', 'KSh 1,175.00'],
    ]);
    expect(screen.getByTestId('order-total').textContent).toBe('KSh 2,350.00');
    expect(screen.getByText('M-Pesa QK12ABC')).toBeTruthy();

    const form = screen.getByText('Change status', { selector: '.shop-admin-card-head-title' }).closest('.shop-admin-card') as HTMLElement;
    await pickOption('New status', 'Dispatched', form);
    fireEvent.change(within(form).getByLabelText('Note'), { target: { value: ' Rider: Otieno ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change status' }));
    await findToast(STATUS_CHANGED);
    expect(changes).toEqual([{ status_id: 4, note: 'Rider: Otieno' }]);
    expect(await screen.findByText('Rider: Otieno')).toBeTruthy();
  });

  /** The options the status select offers now, as staff read them, with those they cannot pick marked. */
  async function offeredStatuses(form: HTMLElement): Promise<string[]> {
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'New status' }));
    return waitFor(() => {
      const dropdown = [...document.querySelectorAll('.shop-admin-select-dropdown:not(.shop-admin-select-dropdown-hidden)')].at(-1);
      const options = [...(dropdown?.querySelectorAll('.shop-admin-select-item-option') ?? [])];
      if (options.length === 0) throw new Error('The status select is not open');
      return options.map(
        (option) =>
          `${option.textContent ?? ''}${option.classList.contains('shop-admin-select-item-option-disabled') ? ' [disabled]' : ''}`,
      );
    });
  }

  const statusCard = () =>
    screen.getByText('Change status', { selector: '.shop-admin-card-head-title' }).closest('.shop-admin-card') as HTMLElement;

  it.each([
    ['Pending', 0, ['Pending (current) [disabled]', 'Cancelled']],
    ['Paid', 1, ['Paid (current) [disabled]', 'Processing', 'Cancelled']],
    ['Processing', 2, ['Processing (current) [disabled]', 'Dispatched']],
    ['Dispatched', 3, ['Dispatched (current) [disabled]', 'Delivered']],
  ])('a %s order offers only the moves the server allows, beside its current status', async (_name, index, offered) => {
    const status = STATUSES[index]!;
    mockApi({ 'GET /admin/orders/20': () => ({ order: order(20, { status }) }), 'GET /admin/order-statuses': () => STATUSES });
    renderAdmin('/admin/orders/20');
    await screen.findByRole('heading', { level: 2, name: 'Order SHW-1020' });
    expect(await offeredStatuses(statusCard())).toEqual(offered);
  });

  it('a Delivered or Cancelled order is final: no move is offered and the control is disabled', async () => {
    mockApi({
      'GET /admin/orders/21': () => ({ order: order(21, { status: STATUSES[4]! }) }),
      'GET /admin/order-statuses': () => STATUSES,
    });
    renderAdmin('/admin/orders/21');
    await screen.findByRole('heading', { level: 2, name: 'Order SHW-1021' });
    const form = statusCard();
    expect(within(form).getByText(finalStatusNote('Delivered'))).toBeTruthy();
    expect(within(form).getByRole('combobox', { name: 'New status' }).hasAttribute('disabled')).toBe(true);
    expect((within(form).getByRole('button', { name: 'Change status' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's 422 when it refuses a move, under the field and as a toast, and reads the order's moves again", async () => {
    const refusal = 'An order that is Dispatched cannot be marked Cancelled.';
    let current = order(22, { status: STATUSES[1]! });
    let reads = 0;
    mockApi({
      'GET /admin/orders/22': () => {
        reads += 1;
        return { order: current };
      },
      'GET /admin/order-statuses': () => STATUSES,
      'POST /admin/orders/22/status': () => {
        // Another member of staff moved it on meanwhile.
        current = order(22, { status: STATUSES[3]! });
        return respond(422, { message: refusal, errors: { status_id: [refusal] } });
      },
    });
    renderAdmin('/admin/orders/22');
    await screen.findByRole('heading', { level: 2, name: 'Order SHW-1022' });
    const form = statusCard();
    await pickOption('New status', 'Cancelled', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Change status' }));
    await findToast(refusal);
    expect(within(form).getByText(refusal, { selector: '.shop-admin-form-item-explain-error' })).toBeTruthy();
    await waitFor(() => expect(reads).toBe(2));
    expect(await screen.findByText('Dispatched', { selector: '.shop-admin-tag' })).toBeTruthy();
    // The refused move is no longer chosen (a Dispatched order offers Delivered only, see above); its message stays.
    const select = within(form).getByRole('combobox', { name: 'New status' }).closest('.shop-admin-select') as HTMLElement;
    expect(select.querySelector('.shop-admin-select-content-has-value')).toBeNull();
    expect(select.textContent).not.toContain('Cancelled');
    expect(within(form).getByText(refusal, { selector: '.shop-admin-form-item-explain-error' })).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Change status' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('warns staff when a payment arrived after the order was cancelled, with the amount to refund', async () => {
    const cancelled = order(11, {
      status: STATUSES[5]!,
      is_paid: 0,
      refund_due: { since: '2026-01-12T10:15:00.000Z', amount: 2350 },
      status_history: [
        { status: STATUSES[0]!, note: null, created_at: '2026-01-12T09:30:00.000Z' },
        { status: STATUSES[5]!, note: 'Customer called', created_at: '2026-01-12T10:00:00.000Z' },
        {
          status: STATUSES[5]!,
          note: 'Payment received after cancellation — refund due: KSh 2,350.00 by M-Pesa (QK12ABC)',
          created_at: '2026-01-12T10:15:00.000Z',
        },
      ],
    });
    mockApi({ 'GET /admin/orders/11': () => ({ order: cancelled }), 'GET /admin/order-statuses': () => STATUSES });
    renderAdmin('/admin/orders/11');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(REFUND_DUE_TITLE)).toBeTruthy();
    expect(alert.textContent).toContain('KSh 2,350.00 was taken on');
    expect(alert.textContent).toContain('The order stays cancelled: refund the customer.');
    expect(screen.getByText('Refund due')).toBeTruthy();
    expect(screen.getByText(/^Payment received after cancellation — refund due: KSh 2,350.00/)).toBeTruthy();
  });

  it('shows no refund notice on an ordinary order', async () => {
    mockApi({ 'GET /admin/orders/10': () => ({ order: order(10) }), 'GET /admin/order-statuses': () => STATUSES });
    renderAdmin('/admin/orders/10');
    await screen.findByRole('heading', { level: 2, name: 'Order SHW-1010' });
    expect(screen.queryByText(REFUND_DUE_TITLE)).toBeNull();
    expect(screen.queryByText('Refund due')).toBeNull();
    expect(screen.queryByRole('button', { name: MARK_REFUND_MADE })).toBeNull();
    expect(screen.queryByText('Refunded')).toBeNull();
  });

  it("a second payment on a paid order: 'Mark refund as made' asks first, posts, then the warning gives way to a Refunded tag", async () => {
    const due = order(12, {
      is_paid: 1,
      refund_due: { since: '2026-01-12T10:15:00.000Z', amount: 2350 },
      status_history: [
        { status: STATUSES[0]!, note: 'Order placed', created_at: '2026-01-12T09:30:00.000Z' },
        { status: STATUSES[1]!, note: 'Paid by DPO (CARD1)', created_at: '2026-01-12T10:00:00.000Z' },
        {
          status: STATUSES[1]!,
          note: 'Order already paid; second payment received — refund due: KSh 2,350.00 by M-Pesa (QK12ABC)',
          created_at: '2026-01-12T10:15:00.000Z',
        },
      ],
    });
    let current: AdminOrder = due;
    const posted: string[] = [];
    mockApi({
      'GET /admin/orders/12': () => ({ order: current }),
      'GET /admin/order-statuses': () => STATUSES,
      'POST /admin/orders/12/refund-done': (request) => {
        posted.push(new URL(request.url).pathname);
        current = {
          ...due,
          refund_due: null,
          refunded: { at: '2026-01-13T08:00:00.000Z', amount: 2350, by: 'Amina Wanjiru' },
          status_history: [
            ...due.status_history,
            { status: STATUSES[1]!, note: 'Refund of KSh 2,350.00 made', created_at: '2026-01-13T08:00:00.000Z' },
          ],
        };
        return { message: ADMIN_MESSAGES.refundMarkedMade, order: current };
      },
    });
    renderAdmin('/admin/orders/12');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(DOUBLE_PAYMENT_TITLE)).toBeTruthy();
    expect(alert.textContent).toContain('KSh 2,350.00 was taken on');
    expect(alert.textContent).toContain('which was already paid');
    expect(screen.getByText('Refund due')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: MARK_REFUND_MADE }));
    const title = await screen.findByText('Mark the refund of KSh 2,350.00 as made?', { selector: '.shop-admin-modal-confirm-title' });
    expect(posted).toEqual([]);
    fireEvent.click(within(title.closest('.shop-admin-modal-confirm') as HTMLElement).getByRole('button', { name: 'Refund made' }));
    await waitFor(() => expect(posted).toEqual(['/api/admin/orders/12/refund-done']));
    await findToast(ADMIN_MESSAGES.refundMarkedMade);
    expect(await screen.findByText('Refund of KSh 2,350.00 made')).toBeTruthy();
    expect(screen.queryByText(DOUBLE_PAYMENT_TITLE)).toBeNull();
    expect(screen.queryByRole('button', { name: MARK_REFUND_MADE })).toBeNull();
    expect(screen.queryByText('Refund due')).toBeNull();
    expect(screen.getByText('Refunded')).toBeTruthy();
    // The status tag and the payment tag: the order itself stays Paid.
    expect(screen.getAllByText('Paid', { selector: '.shop-admin-tag' })).toHaveLength(2);
  });

  it("shows the server's 409 when the refund was already marked meanwhile", async () => {
    const due = order(13, { status: STATUSES[5]!, is_paid: 0, refund_due: { since: '2026-01-12T10:15:00.000Z', amount: 2350 } });
    mockApi({
      'GET /admin/orders/13': () => ({ order: due }),
      'GET /admin/order-statuses': () => STATUSES,
      'POST /admin/orders/13/refund-done': () => respond(409, { message: ADMIN_MESSAGES.noRefundDue }),
    });
    renderAdmin('/admin/orders/13');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(REFUND_DUE_TITLE)).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: MARK_REFUND_MADE }));
    const title = await screen.findByText('Mark the refund of KSh 2,350.00 as made?', { selector: '.shop-admin-modal-confirm-title' });
    fireEvent.click(within(title.closest('.shop-admin-modal-confirm') as HTMLElement).getByRole('button', { name: 'Refund made' }));
    await findToast('No refund is due on this order.');
  });
});
