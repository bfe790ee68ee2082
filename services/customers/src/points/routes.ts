import Router, { type RouterContext } from '@koa/router';
import { redeemPointsBodySchema, type PointsHistory, type RedeemPointsResponse } from '@shop/api-types';
import { parseBody, currentAuth, type createAuthGuards, type AuthState } from '@shop/service-kit';
import type { PointsLedger } from './ledger';

export function pointsRoutes(deps: { ledger: PointsLedger; guards: ReturnType<typeof createAuthGuards> }): Router<AuthState> {
  const { ledger, guards } = deps;
  const router = new Router<AuthState>({ prefix: '/api' });
  // '/points' also covers '/points/history' (use() matches path prefixes).
  router.use(['/redeem/points', '/points'], guards.requireCustomer);

  router.post('/redeem/points', async (ctx) => {
    const { points } = parseBody(redeemPointsBodySchema, ctx.request.body);
    const balance = await ledger.redeem(currentAuth(ctx).accountId, points);
    const answer: RedeemPointsResponse = {
      message: `${points} ${points === 1 ? 'point' : 'points'} redeemed successfully.`,
      points: { current_balance: balance },
    };
    ctx.body = answer;
  });

  const history = async (ctx: RouterContext<AuthState>) => {
    const answer: PointsHistory = await ledger.history(currentAuth(ctx).accountId);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = answer;
  };
  router.get('/points', history);
  router.get('/points/history', history);

  return router;
}
