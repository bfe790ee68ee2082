import type { OutgoingMail } from './mailer';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function resetCodeMail(to: string, firstName: string, code: string, minutes: number): OutgoingMail {
  const subject = 'Your Shwari Shop password reset code';
  const text = [
    `Hello ${firstName},`,
    '',
    `Your password reset code is ${code}.`,
    `Enter it on the Forgot password page with your new password. It works once and expires in ${minutes} minutes.`,
    '',
    'If you did not ask to reset your password, ignore this email: your password stays as it is.',
    '',
    'Shwari Shop',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #222">
<p>Hello ${escapeHtml(firstName)},</p>
<p>Your password reset code is</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px">${escapeHtml(code)}</p>
<p>Enter it on the Forgot password page with your new password. It works once and expires in ${minutes} minutes.</p>
<p>If you did not ask to reset your password, ignore this email: your password stays as it is.</p>
<p>Shwari Shop</p>
</body></html>`;
  return { to, subject, text, html };
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
