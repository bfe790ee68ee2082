import { screen, within } from '@testing-library/react';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { POINTS, renderAccount, storeSession } from '../testFixtures';

afterEach(() => {
  resetShopState();
  localStorage.clear();
});

async function openPoints(): Promise<void> {
  storeSession();
  renderAccount('/profile/points');
  await screen.findByRole('heading', { level: 1, name: 'Shwari Points' });
}

/** The ledger as a shopper reads it: one [what, points, balance] per row, newest first. */
const ledgerRows = (): string[][] =>
  within(screen.getByRole('table', { name: 'Points history, newest first' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent ?? ''),
    );

describe('PointsPage', () => {
  it('shows the balance and the ledger with signed points and readable reasons, newest first', async () => {
    mockApi({ 'GET /points': () => POINTS });
    await openPoints();
    expect(screen.getByTestId('points-balance').textContent).toBe('165');
    expect(screen.getByText('Your balance').parentElement?.textContent).toBe('Your balance165points');
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Date', 'What', 'Points', 'Balance']);
    expect(ledgerRows()).toEqual([
      ['Redeemed at checkout', '-5', '165'],
      ['Earned on a paid order (ORD-1042)', '+20', '170'],
      ['Welcome bonus', '+130', '150'],
      ['Welcome points for registering', '+20', '20'],
    ]);
    expect(document.title).toBe('Shwari Points | Shwari Shop');
  });

  it('dates are shown in Nairobi time', async () => {
    mockApi({
      'GET /points': () => ({
        current_balance: 20,
        entries: [{ id: 1, delta: 20, balance_after: 20, reason: 'sign_up', reference: null, created_at: '2026-01-15T21:30:00.000Z' }],
      }),
    });
    await openPoints();
    const [dateCell] = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    // 21:30 UTC is 00:30 the next day in Nairobi (UTC+3).
    expect(dateCell?.textContent).toMatch(/16 Jan 2026/);
    expect(dateCell?.textContent).toMatch(/12:30|00:30/);
  });

  it('an unknown reason is shown as the server sent it', async () => {
    mockApi({
      'GET /points': () => ({
        current_balance: 50,
        entries: [{ id: 9, delta: 50, balance_after: 50, reason: 'goodwill', reference: null, created_at: '2026-01-15T08:00:00.000Z' }],
      }),
    });
    await openPoints();
    expect(ledgerRows()).toEqual([['goodwill', '+50', '50']]);
  });

  it('with no history shows the balance and "No points history yet"', async () => {
    mockApi({ 'GET /points': () => ({ current_balance: 0, entries: [] }) });
    await openPoints();
    expect(screen.getByTestId('points-balance').textContent).toBe('0');
    expect(screen.getByText('No points history yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('when the points cannot be loaded the page says so', async () => {
    storeSession();
    mockApi({ 'GET /points': () => respond(500, { message: 'Server Error' }) });
    renderAccount('/profile/points');
    expect(await screen.findByText('We could not load your points just now.')).toBeTruthy();
  });
});
