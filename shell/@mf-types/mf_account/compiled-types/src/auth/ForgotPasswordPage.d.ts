/**
 * The spec's screen (email, new password, confirmation) with one added step: a one-time code
 * emailed to the account must be entered before the new password applies, so nobody can take
 * over an account by knowing its email address.
 */
export default function ForgotPasswordPage(): JSX.Element;
