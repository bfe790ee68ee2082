// One export per message, gathered as a namespace (`export * as ACCOUNT_MESSAGES from` in ./accounts): a
// storefront page that says a few of them (the checkout's points box, two) bundles those alone,
// where a plain object's every message came with any one. Services and tests read the namespace
// as they read the object.

export const emailTaken = 'The email has already been taken.';
export const invalidCredentials = 'These credentials do not match our records.';
export const accountInactive = 'This account has been deactivated. Please contact us.';
export const unauthenticated = 'Unauthenticated.';
export const unauthorized = 'This action is unauthorized.';
export const registered = 'Registration successful. You can now log in.';
export const loggedOut = 'Logged out.';
export const profileUpdated = 'Profile updated successfully.';
export const registerFirst = 'Register first';
export const resetCodeSent = 'We have emailed you a 6-digit code. Enter it with your new password.';
export const passwordReset = 'Your password has been reset. You can now log in.';
export const resetCodeInvalid = 'The code is invalid or has expired.';
export const invalidPoints = 'Please enter a valid number of points to redeem.';
export const notEnoughPoints = 'You cannot redeem more points than available.';
export const subCountyMismatch = 'The selected sub-county does not belong to the selected county.';
export const currentPasswordRequired = 'Enter your current password to change your email or password.';
export const currentPasswordIncorrect = 'The current password is incorrect.';
export const notStaff = 'This account cannot use the back office.';
export const csrfInvalid = 'This request needs a valid X-CSRF-Token header. Please reload the page.';
