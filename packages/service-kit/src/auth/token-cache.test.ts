import { cachedTokenResolver } from './introspection-client';
import type { AuthContext, TokenResolver } from './guards';

const TOKEN = 'a'.repeat(43);
const caller = (expiresAt: string): AuthContext => ({
  tokenId: null,
  accountId: 7,
  kind: 'customer',
  firstName: 'Wanjiku',
  lastName: 'Kamau',
  email: 'wanjiku@example.com',
  phone: null,
  expiresAt,
});

/** A customers service stand-in: answers what `live` says, counting the questions. */
function introspection(expiresAt = '2099-01-01T00:00:00.000Z') {
  const state = { live: true, asked: 0, failing: false };
  const resolve: TokenResolver = async () => {
    state.asked += 1;
    if (state.failing) throw new Error('customers service down');
    return state.live ? caller(expiresAt) : null;
  };
  return { state, resolve };
}

describe('cachedTokenResolver', () => {
  it('asks once per token within the bound, and a revoked token stops working once the bound has passed', async () => {
    let now = 1_000_000;
    const { state, resolve } = introspection();
    const cached = cachedTokenResolver(resolve, { ttlMs: 5000, now: () => now });
    expect((await cached(TOKEN))?.accountId).toBe(7);
    now += 4999;
    expect((await cached(TOKEN))?.accountId).toBe(7);
    expect(state.asked).toBe(1);
    state.live = false; // signed out
    now += 1;
    expect(await cached(TOKEN)).toBeNull();
    expect(state.asked).toBe(2);
  });

  it('shares one question between callers at the same moment, and never keeps a refusal or a failure', async () => {
    const { state, resolve } = introspection();
    const cached = cachedTokenResolver(resolve, { ttlMs: 5000 });
    await Promise.all([cached(TOKEN), cached(TOKEN), cached(TOKEN)]);
    expect(state.asked).toBe(1);

    const other = 'b'.repeat(43);
    state.live = false;
    expect(await cached(other)).toBeNull();
    state.live = true;
    expect((await cached(other))?.accountId).toBe(7);

    const third = 'c'.repeat(43);
    state.failing = true;
    await expect(cached(third)).rejects.toThrow('customers service down');
    state.failing = false;
    expect((await cached(third))?.accountId).toBe(7);
    expect(state.asked).toBe(5);
  });

  it('never takes a token as live past its own expiry', async () => {
    let now = Date.parse('2030-01-01T00:00:00.000Z');
    const { state, resolve } = introspection('2030-01-01T00:00:02.000Z');
    const cached = cachedTokenResolver(resolve, { ttlMs: 5000, now: () => now });
    await cached(TOKEN);
    now += 2000;
    state.live = false; // expired: the customers service refuses it now
    expect(await cached(TOKEN)).toBeNull();
  });

  it('keeps at most maxEntries tokens, and asks every time when the bound is 0', async () => {
    const { state, resolve } = introspection();
    const small = cachedTokenResolver(resolve, { ttlMs: 5000, maxEntries: 2 });
    for (const letter of ['d', 'e', 'f', 'd']) await small(letter.repeat(43));
    expect(state.asked).toBe(4); // d was dropped for f, so asked again

    state.asked = 0;
    const uncached = cachedTokenResolver(resolve, { ttlMs: 0 });
    await uncached(TOKEN);
    await uncached(TOKEN);
    expect(state.asked).toBe(2);
  });
});
