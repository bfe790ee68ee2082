// Generated from the exposed modules (packages/mf-config/src/remoteTypes.js); do not edit.
/** Each exposed module ('./HomePage') and its exports. */
export interface Exposes {
  './AdminApp': typeof import('./AdminApp');
}
