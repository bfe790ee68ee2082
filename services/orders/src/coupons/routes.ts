import Router from '@koa/router';
import { couponCheckParamsSchema, couponRedeemBodySchema, type CouponCheckResponse } from '@shop/api-types';
import { parseBody, parseParams, type AuthState } from '@shop/service-kit';
import { toCouponDiscount, type CouponsRepository } from './repository';

/**
 * GET /api/site/coupons/check/{code}/{email} and POST /api/site/coupons/redeem: the same checks
 * (unknown, archived, not yet valid, expired, used up, used up for this email → 422 'Invalid or
 * expired coupon'). Nothing is written here: the use is recorded when the order is stored.
 */
export function couponRoutes(coupons: CouponsRepository): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api/site/coupons' });

  router.get('/check/:code/:email', async (ctx) => {
    const { code, email } = parseParams(couponCheckParamsSchema, ctx.params);
    const answer: CouponCheckResponse = { discount: toCouponDiscount(await coupons.usable(code, email)) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });

  router.post('/redeem', async (ctx) => {
    const body = parseBody(couponRedeemBodySchema, ctx.request.body);
    const answer: CouponCheckResponse = { discount: toCouponDiscount(await coupons.usable(body.code, body.email)) };
    ctx.body = answer;
  });

  return router;
}
