import { CallbackQueryLimiter } from './callback-query-limiter';

describe('CallbackQueryLimiter', () => {
  let now = 1_000_000;
  const clock = () => now;

  it('one query at a time per id, none again within the interval, then one more', () => {
    const limiter = new CallbackQueryLimiter({ intervalMs: 10_000, perMinute: 100 }, clock);
    const release = limiter.tryStart('ws_CO_1');
    expect(typeof release).toBe('function');
    expect(limiter.tryStart('ws_CO_1')).toBe('in-flight');
    expect(typeof limiter.tryStart('ws_CO_2')).toBe('function');
    (release as () => void)();
    expect(limiter.tryStart('ws_CO_1')).toBe('too-soon');
    now += 9_999;
    expect(limiter.tryStart('ws_CO_1')).toBe('too-soon');
    now += 1;
    expect(typeof limiter.tryStart('ws_CO_1')).toBe('function');
  });

  it('an interval of 0 only keeps one query at a time per id', () => {
    const limiter = new CallbackQueryLimiter({ intervalMs: 0, perMinute: 100 }, clock);
    const release = limiter.tryStart('ws_CO_3') as () => void;
    expect(limiter.tryStart('ws_CO_3')).toBe('in-flight');
    release();
    release();
    expect(typeof limiter.tryStart('ws_CO_3')).toBe('function');
  });

  it('caps all ids together per 60 seconds, sliding', () => {
    const limiter = new CallbackQueryLimiter({ intervalMs: 0, perMinute: 3 }, clock);
    const start = now;
    for (const id of ['a', 'b', 'c']) {
      expect(typeof limiter.tryStart(`ws_CO_${id}`)).toBe('function');
      now += 10_000;
    }
    expect(limiter.tryStart('ws_CO_d')).toBe('global-cap');
    now = start + 59_999;
    expect(limiter.tryStart('ws_CO_d')).toBe('global-cap');
    now = start + 60_000;
    expect(typeof limiter.tryStart('ws_CO_d')).toBe('function');
    expect(limiter.tryStart('ws_CO_e')).toBe('global-cap');
  });
});
