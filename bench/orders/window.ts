/**
 * The orders figures' window and load, the same for the shop's orders and the raw INSERTs:
 * BENCH_WARMUP_SECONDS (default 10) of unmeasured load, then BENCH_SECONDS (default 10) measured,
 * from BENCH_CONNECTIONS (default 8) connections. Both sides are measured warm: from a cold start
 * the shop's services take about 8 s to reach their pace on 2 cores.
 */
const numberOf = (value: string | undefined, fallback: number, least: number): number => {
  const number = Number(value ?? fallback);
  return Number.isFinite(number) && number >= least ? number : fallback;
};

export const warmUpSecondsOf = (env: NodeJS.ProcessEnv): number => numberOf(env.BENCH_WARMUP_SECONDS, 10, 0);
export const measuredSecondsOf = (env: NodeJS.ProcessEnv): number => numberOf(env.BENCH_SECONDS, 10, 0);
export const connectionsOf = (env: NodeJS.ProcessEnv): number => numberOf(env.BENCH_CONNECTIONS, 8, 1);
