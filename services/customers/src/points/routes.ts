import type { RouterContext } from '@koa/router';
import { redeemPointsBodySchema, type PointsHistory, type RedeemPointsResponse } from '@shop/api-types';
import { parseBody, currentAuth, type AuthState, type AccessRoutes } from '@shop/service-kit';
import type { PointsLedger } from './ledger';

export function pointsRoutes(routes: AccessRoutes<AuthState>, deps: { ledger: PointsLedger }): void {
  const { ledger } = deps;
  const router = routes.under('/api');

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
}
