import { testDatabases } from '@shop/service-kit/testing';
import { startHarness, type Harness } from '../testing/harness';

describe.each(testDatabases('customers'))('Shwari Points on $dialect', (database) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  const redeem = (token: string, points: unknown) => h.request('POST', '/api/redeem/points', { token, body: { points } });
  const earn = (body: Record<string, unknown>, secret = h.config.internalSecret) =>
    h.request('POST', '/internal/points/earn', { body, headers: { 'x-internal-secret': secret } });
  const ledgerSum = async (accountId: number) =>
    Number((await h.db('points_ledger').where({ account_id: accountId }).sum({ total: 'delta' }))[0]?.total ?? 0);

  it('redeems within the balance and writes a negative ledger row', async () => {
    const customer = await h.customer();
    const answer = await redeem(customer.token, 5);
    expect(answer).toMatchObject({ status: 200, body: { message: '5 points redeemed successfully.', points: { current_balance: 15 } } });
    expect((await redeem(customer.token, '1')).body).toEqual({
      message: '1 point redeemed successfully.',
      points: { current_balance: 14 },
    });
    const history = await h.request('GET', '/api/points', { token: customer.token });
    expect(history.body.current_balance).toBe(14);
    expect(
      history.body.entries.map((e: { delta: number; balance_after: number; reason: string }) => [e.reason, e.delta, e.balance_after]),
    ).toEqual([
      ['redeemed', -1, 14],
      ['redeemed', -5, 15],
      ['sign_up', 20, 20],
    ]);
    expect(history.body.entries[0]).toEqual({
      id: expect.any(Number),
      delta: -1,
      balance_after: 14,
      reason: 'redeemed',
      reference: null,
      created_at: expect.stringMatching(/Z$/),
    });
    expect((await h.request('GET', '/api/points/history', { token: customer.token })).body).toEqual(history.body);
    expect(await ledgerSum(customer.accountId)).toBe(14);
  });

  it.each([0, -3, 1.5, 'abc', '', null, true, [5], { n: 1 }, 1e20])('refuses %p with the spec message', async (points) => {
    const customer = await h.customer();
    const answer = await redeem(customer.token, points);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'Please enter a valid number of points to redeem.',
      errors: { points: ['Please enter a valid number of points to redeem.'] },
    });
  });

  it('refuses more than the balance', async () => {
    const customer = await h.customer();
    const answer = await redeem(customer.token, 21);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('You cannot redeem more points than available.');
    expect(answer.body.errors).toEqual({ points: ['You cannot redeem more points than available.'] });
    expect((await redeem(customer.token, 20)).body.points.current_balance).toBe(0);
    expect((await redeem(customer.token, 1)).status).toBe(422);
  });

  it('never goes below zero under 10 simultaneous redemptions', async () => {
    const customer = await h.customer();
    const answers = await Promise.all(Array.from({ length: 10 }, () => redeem(customer.token, 3)));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 422);
    expect(ok).toHaveLength(6);
    expect(refused).toHaveLength(4);
    for (const answer of refused) expect(answer.body.message).toBe('You cannot redeem more points than available.');
    expect(ok.map((a) => a.body.points.current_balance).sort((a, b) => a - b)).toEqual([2, 5, 8, 11, 14, 17]);
    expect(await ledgerSum(customer.accountId)).toBe(2);
    const rows = await h.db('points_ledger').where({ account_id: customer.accountId }).orderBy('id');
    expect(rows.every((row: { balance_after: number }) => Number(row.balance_after) >= 0)).toBe(true);
    expect((await h.request('GET', '/api/get-profile', { token: customer.token })).body.loyalty_points.current_balance).toBe(2);
  });

  it('needs a customer token', async () => {
    expect((await h.request('POST', '/api/redeem/points', { body: { points: 1 } })).status).toBe(401);
    expect((await h.request('GET', '/api/points')).status).toBe(401);
  });

  describe('POST /internal/points/redeem and /internal/points/refund', () => {
    const internal = (path: string, body: Record<string, unknown>, secret = h.config.internalSecret) =>
      h.request('POST', path, { body, headers: { 'x-internal-secret': secret } });
    const redeemFor = (body: Record<string, unknown>, secret?: string) => internal('/internal/points/redeem', body, secret);
    const refund = (body: Record<string, unknown>, secret?: string) => internal('/internal/points/refund', body, secret);

    it('redeems once per reference: a repeat answers the same row, other values conflict', async () => {
      const customer = await h.customer();
      const body = { account_id: customer.accountId, points: 12, reason: 'redeemed', reference: `SH-${customer.accountId}-A` };
      const first = await redeemFor(body);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        created: true,
        current_balance: 8,
        entry: { delta: -12, balance_after: 8, reason: 'redeemed', reference: body.reference },
      });
      const again = await redeemFor(body);
      expect(again).toMatchObject({ status: 200, body: { created: false, current_balance: 8, entry: { id: first.body.entry.id } } });
      expect((await redeemFor({ ...body, points: 5 })).status).toBe(409);
      expect(await ledgerSum(customer.accountId)).toBe(8);
    });

    it('refuses more than the balance with the spec message and never goes below zero at once', async () => {
      const customer = await h.customer();
      const tooMuch = await redeemFor({
        account_id: customer.accountId,
        points: 21,
        reason: 'redeemed',
        reference: `SH-${customer.accountId}-big`,
      });
      expect(tooMuch).toMatchObject({
        status: 422,
        body: {
          message: 'You cannot redeem more points than available.',
          errors: { points: ['You cannot redeem more points than available.'] },
        },
      });
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          redeemFor({ account_id: customer.accountId, points: 6, reason: 'redeemed', reference: `SH-${customer.accountId}-race-${i}` }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 422)).toHaveLength(5);
      expect(await ledgerSum(customer.accountId)).toBe(2);
      const rows = await h.db('points_ledger').where({ account_id: customer.accountId });
      expect(rows.every((row: { balance_after: number }) => Number(row.balance_after) >= 0)).toBe(true);
    });

    it('refunds a redemption once, answers 404 when nothing was redeemed, 409 for another account', async () => {
      const customer = await h.customer();
      const other = await h.customer();
      const reference = `SH-${customer.accountId}-R`;
      expect((await refund({ account_id: customer.accountId, reference })).status).toBe(404);
      await redeemFor({ account_id: customer.accountId, points: 15, reason: 'redeemed', reference });
      expect(await ledgerSum(customer.accountId)).toBe(5);
      expect((await refund({ account_id: other.accountId, reference })).status).toBe(409);
      const answers = await Promise.all(Array.from({ length: 4 }, () => refund({ account_id: customer.accountId, reference })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
      expect(answers[0]!.body).toMatchObject({ current_balance: 20, entry: { delta: 15, reason: 'redeem_refund', reference } });
      expect(await ledgerSum(customer.accountId)).toBe(20);
      // The refund does not reopen the reference: redeeming it again replays the first redemption.
      expect((await redeemFor({ account_id: customer.accountId, points: 15, reason: 'redeemed', reference })).status).toBe(200);
      expect(await ledgerSum(customer.accountId)).toBe(20);
    });

    it('checks the secret, the body and the account', async () => {
      const customer = await h.customer();
      const body = { account_id: customer.accountId, points: 5, reason: 'redeemed', reference: 'SH-X-1' };
      expect((await redeemFor(body, 'wrong')).status).toBe(403);
      expect((await refund({ account_id: customer.accountId, reference: 'SH-X-1' }, 'wrong')).status).toBe(403);
      expect((await redeemFor({ ...body, points: 0 })).status).toBe(422);
      expect((await redeemFor({ ...body, points: 1.5 })).status).toBe(422);
      expect((await redeemFor({ ...body, reason: 'order_paid' })).body.errors.reason).toEqual(['The reason field must be redeemed.']);
      expect((await redeemFor({ ...body, reference: ' ' })).status).toBe(422);
      expect((await redeemFor({ ...body, account_id: 999_999 })).status).toBe(404);
      expect((await earn({ account_id: customer.accountId, points: 5, reason: 'redeem_refund', reference: 'SH-X-2' })).status).toBe(422);
      expect(await ledgerSum(customer.accountId)).toBe(20);
    });
  });

  describe('POST /internal/points/earn', () => {
    it('credits once per (reason, reference): a repeat answers the same row', async () => {
      const customer = await h.customer();
      const body = { account_id: customer.accountId, points: 40, reason: 'order_paid', reference: `ORD-${customer.accountId}-1` };
      const first = await earn(body);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        created: true,
        current_balance: 60,
        entry: { delta: 40, balance_after: 60, reason: 'order_paid', reference: body.reference },
      });
      const again = await earn(body);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ created: false, current_balance: 60, entry: { id: first.body.entry.id } });
      expect(await ledgerSum(customer.accountId)).toBe(60);
      expect((await earn({ ...body, points: 41 })).status).toBe(409);
      expect((await earn({ ...body, reference: `ORD-${customer.accountId}-2` })).body.current_balance).toBe(100);
    });

    it('writes one row when the same report arrives several times at once', async () => {
      const customer = await h.customer();
      const body = { account_id: customer.accountId, points: 25, reason: 'order_paid', reference: `ORD-${customer.accountId}-race` };
      const answers = await Promise.all(Array.from({ length: 6 }, () => earn(body)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.entry.id)).size).toBe(1);
      expect(await ledgerSum(customer.accountId)).toBe(45);
    });

    it('checks the secret, the body and the account', async () => {
      const customer = await h.customer();
      const body = { account_id: customer.accountId, points: 5, reason: 'order_paid', reference: 'X-1' };
      expect((await earn(body, 'wrong')).status).toBe(403);
      expect((await h.request('POST', '/internal/points/earn', { body })).status).toBe(403);
      expect((await earn({ ...body, points: 0 })).status).toBe(422);
      expect((await earn({ ...body, points: 2.5 })).status).toBe(422);
      expect((await earn({ ...body, reason: 'Order Paid' })).status).toBe(422);
      expect((await earn({ ...body, reason: 'redeemed' })).status).toBe(422);
      expect((await earn({ ...body, reference: '' })).status).toBe(422);
      expect((await earn({ ...body, account_id: 999_999 })).status).toBe(404);
      expect((await earn({ ...body, reason: 'order_paid_reversed' })).body.errors.reason).toEqual(['This reason is reserved.']);
      expect(await ledgerSum(customer.accountId)).toBe(20);
    });
  });

  describe('POST /internal/points/reverse-earn', () => {
    const reverse = (body: Record<string, unknown>, secret = h.config.internalSecret) =>
      h.request('POST', '/internal/points/reverse-earn', { body, headers: { 'x-internal-secret': secret } });

    it('takes back what a paid order credited, once however often and however many at once', async () => {
      const customer = await h.customer();
      const reference = `SH-${customer.accountId}-E`;
      expect(await reverse({ account_id: customer.accountId, reference })).toMatchObject({
        status: 404,
        body: { message: 'No points were credited for this reference.' },
      });
      await earn({ account_id: customer.accountId, points: 40, reason: 'order_paid', reference });
      expect(await ledgerSum(customer.accountId)).toBe(60);
      const answers = await Promise.all(Array.from({ length: 5 }, () => reverse({ account_id: customer.accountId, reference })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.entry.id)).size).toBe(1);
      expect(answers[0]!.body).toMatchObject({
        current_balance: 20,
        entry: { delta: -40, balance_after: 20, reason: 'order_paid_reversed', reference },
      });
      expect((await reverse({ account_id: customer.accountId, reference })).status).toBe(200);
      expect(await ledgerSum(customer.accountId)).toBe(20);
      const history = await h.request('GET', '/api/points', { token: customer.token });
      expect(history.body.entries.map((e: { reason: string; delta: number }) => [e.reason, e.delta])).toEqual([
        ['order_paid_reversed', -40],
        ['order_paid', 40],
        ['sign_up', 20],
      ]);
    });

    it('never takes the balance below zero: points already spent are not taken twice', async () => {
      const customer = await h.customer();
      const reference = `SH-${customer.accountId}-S`;
      await earn({ account_id: customer.accountId, points: 40, reason: 'order_paid', reference });
      await h.request('POST', '/internal/points/redeem', {
        body: { account_id: customer.accountId, points: 50, reason: 'redeemed', reference: `SH-${customer.accountId}-next` },
        headers: { 'x-internal-secret': h.config.internalSecret },
      });
      expect(await ledgerSum(customer.accountId)).toBe(10);
      const answer = await reverse({ account_id: customer.accountId, reference });
      expect(answer).toMatchObject({
        status: 201,
        body: { current_balance: 0, entry: { delta: -10, balance_after: 0, reason: 'order_paid_reversed' } },
      });
      expect(await ledgerSum(customer.accountId)).toBe(0);
    });

    it('checks the secret, the body and whose points they were', async () => {
      const customer = await h.customer();
      const other = await h.customer();
      const reference = `SH-${customer.accountId}-C`;
      await earn({ account_id: customer.accountId, points: 7, reason: 'order_paid', reference });
      expect((await reverse({ account_id: customer.accountId, reference }, 'wrong')).status).toBe(403);
      expect((await reverse({ account_id: other.accountId, reference })).status).toBe(409);
      expect((await reverse({ account_id: customer.accountId, reference: ' ' })).body.errors.reference).toEqual([
        'The reference field is required.',
      ]);
      expect((await reverse({ account_id: 'x', reference })).status).toBe(422);
      expect(await ledgerSum(customer.accountId)).toBe(27);
      expect(await ledgerSum(other.accountId)).toBe(20);
    });
  });
});
