import {
  PAYMENT_KEY_HEADER,
  mpesaPushBodySchema,
  paymentStartBodySchema,
  transactionCheckParamsSchema,
  type MpesaPushResponse,
  type PaymentStartResponse,
  type TransactionCheckResponse,
} from '@shop/api-types';
import { fromCents } from '@shop/money';
import { notFound, parseBody, parseParams, toIso, type AuthState, type Logger, type AccessRoutes } from '@shop/service-kit';
import { z } from 'zod';
import type { CallbackQueryLimiter } from './callback-query-limiter';
import { PAYMENT_MESSAGES, type PaymentsService } from './service';
import { simulatorNotFoundPage, simulatorPage } from './simulator-page';
import type { PaymentSimulator } from './simulator';
import type { PaymentRow } from './types';
import type { OrderRecord } from '../orders/repository';

const enc = encodeURIComponent;

/** Where the shopper's browser goes after the payment page (the storefront's /success and /failed). */
export const successUrl = (orderNumber: string, firstName: string): string =>
  `/success?order_id=${enc(orderNumber)}&name=${enc(firstName)}`;
export const failedUrl = (orderNumber?: string, pending = false): string =>
  orderNumber ? `/failed?order_id=${enc(orderNumber)}${pending ? '&pending=1' : ''}` : '/failed';
/** A payment that arrived after its order was cancelled: the order is not placed, the money comes back. */
export const refundDueUrl = (orderNumber: string): string => `/failed?order_id=${enc(orderNumber)}&refund=1`;

const callbackQuery = z.object({ TransactionToken: z.string().trim().min(1).max(100) });

/** Daraja's CheckoutRequestID: ws_CO_ and letters or digits (what our push answered; nothing else can be one of ours). */
const CHECKOUT_REQUEST_ID = /^ws_CO_[A-Za-z0-9_]{1,64}$/;

/**
 * Daraja's STK callback exactly as it documents it, and nothing else: unknown fields anywhere, a
 * CheckoutRequestID that is not one, a ResultCode that is not a whole number, more items than a
 * callback carries, are all refused before anything is looked up.
 */
const stkCallbackSchema = z.strictObject({
  Body: z.strictObject({
    stkCallback: z.strictObject({
      MerchantRequestID: z.string().min(1).max(100),
      CheckoutRequestID: z.string().regex(CHECKOUT_REQUEST_ID),
      ResultCode: z.number().int().min(0).max(99_999),
      ResultDesc: z.string().max(500),
      CallbackMetadata: z
        .strictObject({
          Item: z
            .array(
              z.strictObject({
                Name: z.string().min(1).max(40),
                Value: z.union([z.string().max(100), z.number().finite()]).optional(),
              }),
            )
            .max(20),
        })
        .optional(),
    }),
  }),
});

const MPESA_ACKNOWLEDGED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

const simulatorParams = z.object({ token: z.string().regex(/^[A-Z0-9-]{10,64}$/) });
export const simulatorAction = z.object({ token: z.string().regex(/^[A-Z0-9-]{10,64}$/), action: z.enum(['pay', 'decline', 'cancel']) });
const OUTCOME = { pay: 'paid', decline: 'declined', cancel: 'cancelled' } as const;

/**
 * The payment calls of the spec (section 7) under /api/site/v1, the M-Pesa callback, and the
 * simulator's hosted page. Nothing a browser or a callback says is trusted: every outcome is asked
 * of the provider (verifyToken, STK query, the simulator's own record) before it is applied.
 */
export function paymentRoutes(
  routes: AccessRoutes<AuthState>,
  deps: {
    payments: PaymentsService;
    simulator: PaymentSimulator | null;
    logger: Logger;
    callbackQueries: CallbackQueryLimiter;
  },
): void {
  const { payments, simulator, logger, callbackQueries } = deps;
  const router = routes.under('/api/site/v1');
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  // Starting or checking a payment: the order's signed-in owner, or its payment key (else 404).
  router.post('/dpo/pay', async (ctx) => {
    const body = parseBody(paymentStartBodySchema, ctx.request.body);
    const answer: PaymentStartResponse = await payments.startHosted(body.order_id, {
      auth: ctx.state.auth ?? null,
      paymentKey: body.payment_key,
    });
    ctx.body = answer;
  });

  /** DPO's RedirectURL (and the simulator's): the query is unsigned, so only the token is read, then verified. */
  router.get('/dpo/callback', async (ctx) => {
    const query = callbackQuery.safeParse(ctx.query);
    const payment = query.success ? await payments.byReference(query.data.TransactionToken) : undefined;
    if (!payment || payment.method !== 'hosted') {
      logger.warn({ query: ctx.querystring.slice(0, 300) }, 'payments: callback for an unknown token');
      ctx.redirect(failedUrl());
      return;
    }
    const order = await payments.findOrder(payment.order_id);
    if (ctx.query.CompanyRef !== undefined && ctx.query.CompanyRef !== order.order_number) {
      logger.warn(
        { payment: payment.id, companyRef: String(ctx.query.CompanyRef).slice(0, 40) },
        'payments: callback CompanyRef does not match the order (ignored)',
      );
    }
    const { state } = await payments.refresh(payment);
    // Money owed back on a cancelled order: the shopper is told it comes back. A second payment for a
    // paid order lands on /success like the first (the order is placed; staff refund the extra).
    const owedBack = state === 'paid' && Boolean((await payments.byReference(payment.reference))?.refund_due_at);
    if (owedBack && !(await payments.findOrder(order.id)).isPaid) {
      ctx.redirect(refundDueUrl(order.order_number));
      return;
    }
    ctx.redirect(state === 'paid' ? successUrl(order.order_number, order.first_name) : failedUrl(order.order_number, state === 'pending'));
  });

  router.post('/push', async (ctx) => {
    const body = parseBody(mpesaPushBodySchema, ctx.request.body);
    const answer: MpesaPushResponse = await payments.startPush(
      body.order_id,
      { auth: ctx.state.auth ?? null, paymentKey: body.payment_key },
      body.mobile,
    );
    ctx.body = answer;
  });

  /**
   * Daraja's CallBackURL. Unsigned, so it is only a hint, and every one is acknowledged (so Daraja
   * does not retry) whatever happens. Before Daraja is asked anything: the body must be Daraja's
   * callback exactly (stkCallbackSchema), its CheckoutRequestID a push of ours still pending (an
   * unknown or settled one is logged and left), a success must carry the pushed amount, and the
   * query must be within its limits (one at a time and one per interval per push, a cap per minute
   * overall: callbackQueries). Only then is Daraja queried, and only the query's answer applied.
   */
  router.post('/mpesa/callback', async (ctx) => {
    ctx.body = MPESA_ACKNOWLEDGED;
    const parsed = stkCallbackSchema.safeParse(ctx.request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      logger.warn(
        { issue: issue ? `${issue.path.join('.')}: ${issue.message}`.slice(0, 200) : null },
        'payments: M-Pesa callback with an unexpected body (ignored)',
      );
      return;
    }
    const callback = parsed.data.Body.stkCallback;
    const checkoutRequestId = callback.CheckoutRequestID;
    const payment = await payments.byReference(checkoutRequestId);
    if (!payment || payment.method !== 'mpesa') {
      logger.warn({ checkoutRequestId }, 'payments: M-Pesa callback for an unknown request (ignored)');
      return;
    }
    if (payment.state !== 'pending') {
      logger.warn(
        { checkoutRequestId, payment: payment.id, state: payment.state },
        'payments: M-Pesa callback for a settled payment (ignored)',
      );
      return;
    }
    const item = (name: string) => callback.CallbackMetadata?.Item.find((entry) => entry.Name === name)?.Value;
    if (callback.ResultCode === 0) {
      const amount = Number(item('Amount'));
      if (!Number.isFinite(amount) || Math.round(amount * 100) !== payment.amount_cents) {
        logger.warn(
          { payment: payment.id, reported: item('Amount'), expectedCents: payment.amount_cents },
          'payments: M-Pesa callback amount does not match (ignored; left pending)',
        );
        return;
      }
    }
    const started = callbackQueries.tryStart(checkoutRequestId);
    if (typeof started === 'string') {
      logger.warn(
        { checkoutRequestId, payment: payment.id, refused: started },
        'payments: M-Pesa callback not queried (rate limit); the status check and the reconciler will ask',
      );
      return;
    }
    try {
      const receipt = item('MpesaReceiptNumber');
      await payments.refresh(payment, { providerRef: receipt === undefined ? null : String(receipt).slice(0, 100) });
    } finally {
      started();
    }
  });

  router.get('/check/transaction/:checkoutRequestId/:orderId', async (ctx) => {
    const params = parseParams(transactionCheckParamsSchema, ctx.params);
    let order = await payments.findOwnedOrder(params.orderId, {
      auth: ctx.state.auth ?? null,
      paymentKey: ctx.get(PAYMENT_KEY_HEADER) || undefined,
    });
    let payment = await payments.byReference(params.checkoutRequestId);
    if (!payment || payment.order_id !== order.id) throw notFound('Transaction not found.');
    let message: string = payment.state === 'paid' ? PAYMENT_MESSAGES.paid : 'The payment was not completed.';
    if (payment.state === 'pending') {
      message = (await payments.refresh(payment)).message;
      payment = (await payments.byReference(params.checkoutRequestId))!;
      order = await payments.findOrder(order.id);
    }
    const paid = payment.state === 'paid';
    const answer: TransactionCheckResponse = {
      status: payment.state,
      transaction: paid
        ? [
            {
              receipt: payment.provider_ref ?? '',
              amount: fromCents(payment.amount_cents),
              paid_at: toIso(payment.updated_at) ?? '',
            },
          ]
        : [],
      message: paid ? paidMessage(payment, order) : message,
    };
    ctx.body = answer;
  });

  // The simulator's pages exist only while it plays the payment provider; otherwise they answer
  // 404 (the routes stay registered, as every row of the access table must be).
  router.get('/simulator/:token', async (ctx) => {
    if (!simulator) throw notFound('Not found.');
    const params = simulatorParams.safeParse(ctx.params);
    const row = params.success ? await simulator.find(params.data.token) : undefined;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
    if (!row || row.method !== 'hosted') {
      ctx.status = 404;
      ctx.body = simulatorNotFoundPage();
      return;
    }
    ctx.body = simulatorPage(row, simulatorCallbackUrl(row.reference, row.order_number, row.receipt));
  });

  /** The page's buttons: record the choice, then send the browser to the callback as DPO would (303: POST becomes GET). */
  router.post('/simulator/:token/:action', async (ctx) => {
    if (!simulator) throw notFound('Not found.');
    const params = parseParams(simulatorAction, ctx.params);
    const row = await simulator.decide(params.token, OUTCOME[params.action]);
    if (!row || row.method !== 'hosted') throw notFound('Payment not found.');
    ctx.status = 303;
    ctx.redirect(simulatorCallbackUrl(row.reference, row.order_number, row.receipt));
  });
}

/** What the shopper is told about a confirmed payment: thanks, or that it comes back (late or second payment). */
function paidMessage(payment: PaymentRow, order: OrderRecord): string {
  if (!payment.refund_due_at) return PAYMENT_MESSAGES.paid;
  return order.isPaid ? PAYMENT_MESSAGES.doublePayment : PAYMENT_MESSAGES.refundDue;
}

function simulatorCallbackUrl(token: string, orderNumber: string, approval: string | null): string {
  return `/api/site/v1/dpo/callback?TransactionToken=${enc(token)}&CompanyRef=${enc(orderNumber)}&TransID=${enc(token)}&CCDapproval=${enc(approval ?? '')}&PnrID=${enc(orderNumber)}`;
}
