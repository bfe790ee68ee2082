/**
 * The orders figures' window, the same for the shop's orders and the raw INSERTs: BENCH_WARMUP_SECONDS
 * (default 10) of unmeasured load, then BENCH_SECONDS (default 10) measured. Both sides are
 * measured warm: from a cold start the shop's services take about 8 s to reach their pace on 2 cores.
 */
const secondsOf = (value: string | undefined, fallback: number): number => {
  const seconds = Number(value ?? fallback);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : fallback;
};

export const warmUpSecondsOf = (env: NodeJS.ProcessEnv): number => secondsOf(env.BENCH_WARMUP_SECONDS, 10);
export const measuredSecondsOf = (env: NodeJS.ProcessEnv): number => secondsOf(env.BENCH_SECONDS, 10);
