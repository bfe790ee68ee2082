// Generated from the exposed modules (packages/mf-config/src/remoteTypes.js); do not edit.
/** Each exposed module ('./HomePage') and its exports. */
export interface Exposes {
  './LoginPage': typeof import('./LoginPage');
  './RegisterPage': typeof import('./RegisterPage');
  './ForgotPasswordPage': typeof import('./ForgotPasswordPage');
  './ProfileArea': typeof import('./ProfileArea');
}
