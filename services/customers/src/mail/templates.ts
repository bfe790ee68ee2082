import { DEFAULT_LANGUAGE, type ShopLanguage } from '@shop/api-types';
import type { OutgoingMail } from './mailer';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What the reset code mail says, in each of the storefront's languages (the shopper's when they asked). */
const RESET_CODE_WORDING: Record<
  ShopLanguage,
  (minutes: number) => { subject: string; hello: string; codeIs: string; use: string; ignore: string }
> = {
  en: (minutes) => ({
    subject: 'Your Shwari Shop password reset code',
    hello: 'Hello',
    codeIs: 'Your password reset code is',
    use: `Enter it on the Forgot password page with your new password. It works once and expires in ${minutes} minutes.`,
    ignore: 'If you did not ask to reset your password, ignore this email: your password stays as it is.',
  }),
  sw: (minutes) => ({
    subject: 'Msimbo wako wa kubadilisha nenosiri la Shwari Shop',
    hello: 'Habari',
    codeIs: 'Msimbo wako wa kubadilisha nenosiri ni',
    use: `Uandike kwenye ukurasa wa "Umesahau nenosiri?" pamoja na nenosiri lako jipya. Unatumika mara moja tu, na muda wake unaisha baada ya dakika ${minutes}.`,
    ignore: 'Kama hukuomba kubadilisha nenosiri, puuza barua pepe hii: nenosiri lako litabaki lilivyo.',
  }),
};

export function resetCodeMail(
  to: string,
  firstName: string,
  code: string,
  minutes: number,
  language: ShopLanguage = DEFAULT_LANGUAGE,
): OutgoingMail {
  const words = RESET_CODE_WORDING[language](minutes);
  const text = [`${words.hello} ${firstName},`, '', `${words.codeIs} ${code}.`, words.use, '', words.ignore, '', 'Shwari Shop'].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #222">
<p>${words.hello} ${escapeHtml(firstName)},</p>
<p>${words.codeIs}</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px">${escapeHtml(code)}</p>
<p>${escapeHtml(words.use)}</p>
<p>${escapeHtml(words.ignore)}</p>
<p>Shwari Shop</p>
</body></html>`;
  return { to, subject: words.subject, text, html };
}

/** To the OLD address when a customer's email changes: the owner hears of it even if it was not them. */
export function emailChangedMail(to: string, firstName: string, newEmail: string): OutgoingMail {
  const subject = 'Your Shwari Shop email address was changed';
  const lines = [
    `Hello ${firstName},`,
    '',
    `The email address of your Shwari Shop account was changed to ${newEmail}. Mail about your account and orders now goes there.`,
    '',
    'If you did not make this change, contact us at once: someone else may be using your account.',
    '',
    'Shwari Shop',
  ];
  const text = lines.join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #222">
<p>Hello ${escapeHtml(firstName)},</p>
<p>The email address of your Shwari Shop account was changed to <strong>${escapeHtml(newEmail)}</strong>. Mail about your account and orders now goes there.</p>
<p>If you did not make this change, contact us at once: someone else may be using your account.</p>
<p>Shwari Shop</p>
</body></html>`;
  return { to, subject, text, html };
}
