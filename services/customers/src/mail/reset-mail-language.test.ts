import { LANGUAGE_COOKIE } from '@shop/api-types';
import { testDatabases } from '@shop/service-kit/testing';
import { startHarness, type Harness } from '../testing/harness';
import { requestLanguage } from './language';

describe('the language of a mail sent for a request', () => {
  const request = (cookie: string | undefined, acceptLanguage = '') => ({
    cookies: { get: (name: string) => (name === LANGUAGE_COOKIE ? cookie : undefined) },
    get: (field: string) => (field.toLowerCase() === 'accept-language' ? acceptLanguage : ''),
  });

  it("is the shopper's choice in the storefront, else their browser's, else English", () => {
    expect(requestLanguage(request('sw', 'en-GB,en;q=0.9'))).toBe('sw');
    expect(requestLanguage(request('en', 'sw-KE,sw;q=0.9'))).toBe('en');
    expect(requestLanguage(request(undefined, 'sw-KE,sw;q=0.9,en;q=0.8'))).toBe('sw');
    expect(requestLanguage(request('fr', 'fr-FR,sw;q=0.5'))).toBe('sw');
    expect(requestLanguage(request(undefined, 'fr-FR,de;q=0.5'))).toBe('en');
    expect(requestLanguage(request(undefined))).toBe('en');
  });
});

describe.each(testDatabases('customers'))('the password reset mail in the shopper’s language on $dialect', (database) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Asks for a reset code as the gateway forwards the request, and reads the mail the outbox got. */
  async function resetMail(headers: Record<string, string>) {
    const customer = await h.register({ first_name: 'Wanjiku' });
    const answer = await h.request('POST', '/api/forgot-password', { body: { email: customer.email }, headers });
    // The answer stays the spec's English: the storefront says it in the shopper's language.
    expect(answer).toMatchObject({
      status: 200,
      body: { message: 'We have emailed you a 6-digit code. Enter it with your new password.' },
    });
    const mail = await h.request('GET', `/api/dev/outbox/latest?to=${encodeURIComponent(customer.email)}`);
    expect(mail.status).toBe(200);
    const code = /\b(\d{6})\b/.exec(mail.body.text)?.[1];
    if (!code) throw new Error(`no code in ${mail.body.text}`);
    return { mail: mail.body as { subject: string; text: string; html: string }, code };
  }

  const swahili = (code: string, firstName: string) =>
    [
      `Habari ${firstName},`,
      '',
      `Msimbo wako wa kubadilisha nenosiri ni ${code}.`,
      'Uandike kwenye ukurasa wa "Umesahau nenosiri?" pamoja na nenosiri lako jipya. Unatumika mara moja tu, na muda wake unaisha baada ya dakika 15.',
      '',
      'Kama hukuomba kubadilisha nenosiri, puuza barua pepe hii: nenosiri lako litabaki lilivyo.',
      '',
      'Shwari Shop',
    ].join('\n');

  it('is in Swahili when the shopper chose Swahili in the storefront (the shop_lang cookie)', async () => {
    const { mail, code } = await resetMail({ cookie: `other=1; ${LANGUAGE_COOKIE}=sw`, 'accept-language': 'en-GB,en;q=0.9' });
    expect(mail.subject).toBe('Msimbo wako wa kubadilisha nenosiri la Shwari Shop');
    expect(mail.text).toBe(swahili(code, 'Wanjiku'));
    expect(mail.html).toContain(`>${code}</p>`);
    expect(mail.html).toContain('muda wake unaisha baada ya dakika 15.');
    expect(mail.html).toContain('&quot;Umesahau nenosiri?&quot;');
    expect(mail.html).not.toContain('Your password reset code');
  });

  it('is in Swahili when the browser asks for Swahili and no language was chosen', async () => {
    const { mail, code } = await resetMail({ 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' });
    expect(mail.subject).toBe('Msimbo wako wa kubadilisha nenosiri la Shwari Shop');
    expect(mail.text).toBe(swahili(code, 'Wanjiku'));
  });

  it('is in English when the shopper chose English, whatever the browser says', async () => {
    const { mail } = await resetMail({ cookie: `${LANGUAGE_COOKIE}=en`, 'accept-language': 'sw-KE,sw;q=0.9' });
    expect(mail.subject).toBe('Your Shwari Shop password reset code');
    expect(mail.text).toContain('It works once and expires in 15 minutes.');
  });

  it('is in English without a language, or in one the shop does not speak', async () => {
    const requests: Array<Record<string, string>> = [{}, { 'accept-language': 'fr-FR,de;q=0.8' }, { cookie: `${LANGUAGE_COOKIE}=fr` }];
    for (const headers of requests) {
      const { mail, code } = await resetMail(headers);
      expect(mail.subject).toBe('Your Shwari Shop password reset code');
      expect(mail.text).toBe(
        [
          'Hello Wanjiku,',
          '',
          `Your password reset code is ${code}.`,
          'Enter it on the Forgot password page with your new password. It works once and expires in 15 minutes.',
          '',
          'If you did not ask to reset your password, ignore this email: your password stays as it is.',
          '',
          'Shwari Shop',
        ].join('\n'),
      );
    }
  });
});
