// Generated from the exposed modules (packages/mf-config/src/remoteTypes.js); do not edit.

import type { Exposes as mf_account } from './mf_account';
import type { Exposes as mf_admin } from './mf_admin';
import type { Exposes as mf_catalog } from './mf_catalog';
import type { Exposes as mf_chat } from './mf_chat';
import type { Exposes as mf_checkout } from './mf_checkout';

/** Each remote's exposed modules, by its federation name, as the remote publishes them. */
export interface RemoteModules {
  mf_account: mf_account;
  mf_admin: mf_admin;
  mf_catalog: mf_catalog;
  mf_chat: mf_chat;
  mf_checkout: mf_checkout;
}
