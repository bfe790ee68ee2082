import { testDatabases } from '@shop/service-kit/testing';
import { PasswordHasher } from '../accounts/passwords';
import { createStaffAccount } from '../accounts/create-admin';
import { startHarness, uniqueEmail, type Harness } from '../testing/harness';

/** The Set-Cookie values of an answer, by cookie name. */
function setCookies(headers: Headers): Record<string, string> {
  return Object.fromEntries(headers.getSetCookie().map((cookie) => [cookie.slice(0, cookie.indexOf('=')), cookie]));
}
const cookieValueOf = (setCookie: string): string => decodeURIComponent(setCookie.slice(setCookie.indexOf('=') + 1).split(';')[0] ?? '');

describe.each(testDatabases('customers'))('the back office session cookie on $dialect', (database) => {
  let h: Harness;
  let staff: { email: string; password: string };
  let colleagueId: number;

  beforeAll(async () => {
    h = await startHarness(database);
    const hasher = new PasswordHasher(h.config.passwordHash);
    staff = { email: uniqueEmail('staff'), password: 'staff-password-long' };
    await createStaffAccount(h.db, hasher, { ...staff, first_name: 'Amina', last_name: 'Wanjiru' });
    const colleague = { email: uniqueEmail('colleague'), password: 'colleague-password' };
    await createStaffAccount(h.db, hasher, { ...colleague, first_name: 'Baraka', last_name: 'Otieno' });
    colleagueId = Number((await h.db('accounts').where({ email: colleague.email }).first('id')).id);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Signs in through the admin login; answers the session cookie (as the browser sends it) and the CSRF token. */
  async function signIn(): Promise<{ cookie: string; csrf: string; answer: Awaited<ReturnType<Harness['request']>> }> {
    const answer = await h.request('POST', '/api/admin/session', { body: staff });
    expect(answer.status).toBe(200);
    const session = setCookies(answer.headers).shop_admin_session ?? '';
    return { cookie: `shop_admin_session=${cookieValueOf(session)}`, csrf: answer.body.csrf_token, answer };
  }

  it('sets the token only as an HttpOnly, SameSite=Strict cookie on /api, and a readable page cookie without it', async () => {
    const { answer, csrf } = await signIn();
    expect(answer.body).toEqual({
      user: { first_name: 'Amina', last_name: 'Wanjiru', email: staff.email },
      role: 'staff',
      expires_at: expect.any(String),
      csrf_token: csrf,
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/"token"/);
    const cookies = setCookies(answer.headers);
    const session = cookies.shop_admin_session ?? '';
    expect(session).toMatch(/; Path=\/api; /);
    expect(session).toContain('; HttpOnly');
    expect(session).toContain('; SameSite=Strict');
    // Plain http development: no Secure, or the browser would drop the cookie.
    expect(session).not.toContain('Secure');
    expect(cookieValueOf(session)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const page = cookies.shop_admin ?? '';
    expect(page).toMatch(/; Path=\/admin; /);
    expect(page).not.toContain('HttpOnly');
    expect(JSON.parse(cookieValueOf(page))).toEqual({ csrf_token: csrf, name: 'Amina Wanjiru', email: staff.email });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('marks both cookies Secure when served over https (production)', async () => {
    const secure = await startHarness(database, { config: { staffCookieSecure: true } });
    try {
      const hasher = new PasswordHasher(secure.config.passwordHash);
      const member = { email: uniqueEmail('secure'), password: 'secure-password-1' };
      await createStaffAccount(secure.db, hasher, { ...member, first_name: 'Zawadi', last_name: 'Njoroge' });
      const answer = await secure.request('POST', '/api/admin/session', { body: member });
      const cookies = setCookies(answer.headers);
      expect(cookies.shop_admin_session).toContain('; Secure');
      expect(cookies.shop_admin).toContain('; Secure');
    } finally {
      await secure.close();
    }
  });

  it('refuses a customer account with 403, sets no cookie and issues no token', async () => {
    const customer = await h.register();
    const answer = await h.request('POST', '/api/admin/session', { body: customer });
    expect(answer).toMatchObject({ status: 403, body: { message: 'This account cannot use the back office.' } });
    expect(answer.headers.getSetCookie()).toEqual([]);
    const account = await h.db('accounts').where({ email: customer.email }).first('id');
    expect(await h.db('access_tokens').where({ account_id: account.id })).toEqual([]);
  });

  it('answers staff GETs with the cookie alone; a non-GET needs the X-CSRF-Token of the session (403 without or wrong, 2xx with)', async () => {
    const { cookie, csrf } = await signIn();
    expect((await h.request('GET', '/api/admin/users', { headers: { cookie } })).status).toBe(200);
    const activate = (headers: Record<string, string>) => h.request('POST', `/api/admin/users/${colleagueId}/activate`, { headers });
    const without = await activate({ cookie });
    expect(without).toMatchObject({
      status: 403,
      body: { message: 'This request needs a valid X-CSRF-Token header. Please reload the page.' },
    });
    expect((await activate({ cookie, 'x-csrf-token': 'a'.repeat(43) })).status).toBe(403);
    const other = await signIn();
    // Another session's token does not do either: the token is bound to its session.
    expect((await activate({ cookie, 'x-csrf-token': other.csrf })).status).toBe(403);
    expect((await activate({ cookie, 'x-csrf-token': csrf })).status).toBe(200);
  });

  it('refuses a customer token on staff calls, as a cookie or a bearer', async () => {
    const customer = await h.customer();
    expect((await h.request('GET', '/api/admin/users', { headers: { cookie: `shop_admin_session=${customer.token}` } })).status).toBe(403);
    expect((await h.request('GET', '/api/admin/users', { token: customer.token })).status).toBe(403);
    expect((await h.request('GET', '/api/admin/users')).status).toBe(401);
  });

  it('still takes a staff bearer token (scripts): no cookie is sent, so no CSRF check', async () => {
    const token = await h.login(staff.email, staff.password);
    expect((await h.request('POST', `/api/admin/users/${colleagueId}/activate`, { token })).status).toBe(200);
  });

  it('logout needs the CSRF token, then revokes the token and clears both cookies', async () => {
    const { cookie, csrf } = await signIn();
    expect((await h.request('POST', '/api/admin/logout', { headers: { cookie } })).status).toBe(403);
    expect((await h.request('GET', '/api/admin/users', { headers: { cookie } })).status).toBe(200);
    const answer = await h.request('POST', '/api/admin/logout', { headers: { cookie, 'x-csrf-token': csrf } });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Logged out.' } });
    const cleared = setCookies(answer.headers);
    expect(cleared.shop_admin_session).toMatch(/^shop_admin_session=; Path=\/api; Max-Age=0; /);
    expect(cleared.shop_admin).toMatch(/^shop_admin=; Path=\/admin; Max-Age=0; /);
    // The token is revoked, not only forgotten by the browser.
    expect((await h.request('GET', '/api/admin/users', { headers: { cookie } })).status).toBe(401);
  });
});
