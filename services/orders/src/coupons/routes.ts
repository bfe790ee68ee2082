import { couponCheckParamsSchema, couponRedeemBodySchema, type CouponCheckResponse } from '@shop/api-types';
import { parseBody, parseParams, type AuthState, type AccessRoutes } from '@shop/service-kit';
import { couponCustomer, toCouponDiscount, type CouponsRepository } from './repository';

/**
 * GET /api/site/coupons/check/{code}/{email} and POST /api/site/coupons/redeem: the same checks as
 * the checkout (unknown, archived, not yet valid, expired, used up, used up by this customer → 422
 * 'Invalid or expired coupon'), with what each call knows of the customer: the email, the account
 * when a customer token comes with it, and (redeem) the phone and M-Pesa number. Nothing is written
 * here: the use is recorded when the order is stored.
 */
export function couponRoutes(routes: AccessRoutes<AuthState>, coupons: CouponsRepository): void {
  const router = routes.under('/api/site/coupons');

  router.get('/check/:code/:email', async (ctx) => {
    const { code, email } = parseParams(couponCheckParamsSchema, ctx.params);
    const who = couponCustomer({ email, customerId: ctx.state.auth?.accountId });
    const answer: CouponCheckResponse = { discount: toCouponDiscount(await coupons.usable(code, who)) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });

  router.post('/redeem', async (ctx) => {
    const body = parseBody(couponRedeemBodySchema, ctx.request.body);
    const who = couponCustomer({ email: body.email, customerId: ctx.state.auth?.accountId, phone: body.phone, mpesaNo: body.mpesa_no });
    const answer: CouponCheckResponse = { discount: toCouponDiscount(await coupons.usable(body.code, who)) };
    ctx.body = answer;
  });
}
