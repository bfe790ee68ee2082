import { notFound, parseBody, type AuthState, type AccessRoutes } from '@shop/service-kit';
import { z } from 'zod';
import { ORDER_PAID_REVERSED, REDEEM_REFUND, REDEEMED, type PointsLedger } from './ledger';

const accountId = z
  .number('The account id field must be a whole number.')
  .int('The account id field must be a whole number.')
  .positive('The account id field must be a whole number.');
const points = z
  .number('The points field must be a whole number.')
  .int('The points field must be a whole number.')
  .min(1, 'The points field must be at least 1.')
  .max(1_000_000, 'The points field must not be greater than 1000000.');
const reference = z
  .string('The reference field is required.')
  .trim()
  .min(1, 'The reference field is required.')
  .max(100, 'The reference field must not be greater than 100 characters.');

/** What another service sends to credit points; (reason, reference) makes it idempotent. */
export const earnPointsBodySchema = z.object({
  account_id: accountId,
  points,
  reason: z
    .string('The reason field is required.')
    .regex(/^[a-z][a-z0-9_]{0,39}$/, 'The reason field must be lower-case letters, digits and underscores (at most 40).')
    .refine(
      (reason) => reason !== REDEEMED && reason !== REDEEM_REFUND && reason !== ORDER_PAID_REVERSED && reason !== 'sign_up',
      'This reason is reserved.',
    ),
  reference,
});

/** Another service spends points for what it sells; the reference (an order number) makes it idempotent. */
export const redeemPointsInternalBodySchema = z.object({
  account_id: accountId,
  points,
  reason: z.literal(REDEEMED, 'The reason field must be redeemed.'),
  reference,
});

/** Gives back what was redeemed for a reference whose order was cancelled or never placed. */
export const refundPointsInternalBodySchema = z.object({ account_id: accountId, reference });

/** Takes back what a paid order credited (reason order_paid) when the order is cancelled. */
export const reverseEarnInternalBodySchema = z.object({ account_id: accountId, reference });

export function pointsInternalRoutes(routes: AccessRoutes<AuthState>, deps: { ledger: PointsLedger }): void {
  const router = routes.under('/internal');

  /** 201 with the new row, or 200 with the row already written for this (reason, reference). */
  router.post('/points/earn', async (ctx) => {
    const body = parseBody(earnPointsBodySchema, ctx.request.body);
    const result = await deps.ledger.earn({
      accountId: body.account_id,
      points: body.points,
      reason: body.reason,
      reference: body.reference,
    });
    ctx.status = result.created ? 201 : 200;
    ctx.body = result;
  });

  /**
   * 201 with the new negative row, 200 with the row already written for this reference, 422 'You
   * cannot redeem more points than available.' when the balance is too low (never below zero, even
   * for simultaneous calls: the ledger locks the account first).
   */
  router.post('/points/redeem', async (ctx) => {
    const body = parseBody(redeemPointsInternalBodySchema, ctx.request.body);
    const result = await deps.ledger.redeemOnce({ accountId: body.account_id, points: body.points, reference: body.reference });
    ctx.status = result.created ? 201 : 200;
    ctx.body = result;
  });

  /** 201 with the positive row reversing the redemption, 200 when already refunded, 404 when nothing was redeemed. */
  router.post('/points/refund', async (ctx) => {
    const body = parseBody(refundPointsInternalBodySchema, ctx.request.body);
    const result = await deps.ledger.refundRedemption({ accountId: body.account_id, reference: body.reference });
    if (!result) throw notFound('No points were redeemed for this reference.');
    ctx.status = result.created ? 201 : 200;
    ctx.body = result;
  });

  /**
   * 201 with the negative row taking back the points credited for the reference (at most the
   * balance: it never goes below zero), 200 when already taken back, 404 when nothing was credited.
   */
  router.post('/points/reverse-earn', async (ctx) => {
    const body = parseBody(reverseEarnInternalBodySchema, ctx.request.body);
    const result = await deps.ledger.reverseEarn({ accountId: body.account_id, reference: body.reference });
    if (!result) throw notFound('No points were credited for this reference.');
    ctx.status = result.created ? 201 : 200;
    ctx.body = result;
  });
}
