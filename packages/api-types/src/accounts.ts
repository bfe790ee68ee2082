/**
 * Accounts, sessions, profile, addresses, places and Shwari Points: the customers service's part of
 * the public contract. The request schemas are shared with the front end, so a form can check what
 * the server checks with the same (Laravel-style) messages; the server stays the authority.
 */

export type AccountRole = 'customer' | 'staff';

/** `user` in the login answer and the name/email the storefront keeps in local storage. */
export interface LoginUser {
  first_name: string;
  last_name: string;
  email: string;
}

/** POST /api/login. `role` says which token key the client keeps it under (customer or admin). */
export interface LoginResponse {
  token: string;
  user: LoginUser;
  role: AccountRole;
  /** ISO 8601; 1 day by default, 30 days with `remember: true`. */
  expires_at: string;
}

/**
 * POST /api/admin/session (the back office's login). The token is never in the body: it is set as
 * the HttpOnly STAFF_SESSION_COOKIE; the body carries the CSRF token every non-GET staff call echoes
 * in X-CSRF-Token (also readable in STAFF_PAGE_COOKIE after a reload).
 */
export interface AdminSessionResponse {
  user: LoginUser;
  role: 'staff';
  expires_at: string;
  csrf_token: string;
}

/** The staff session cookie (HttpOnly, SameSite=Strict, Path=/api): the token itself. */
export const STAFF_SESSION_COOKIE = 'shop_admin_session';
/**
 * Readable by the back office's pages only (Path=/admin): URI-encoded JSON
 * `{csrf_token, name, email}`, so a reload knows who is signed in and what to echo, never the token.
 */
export const STAFF_PAGE_COOKIE = 'shop_admin';
/** Non-GET staff calls made with the session cookie carry the session's CSRF token in this header. */
export const CSRF_HEADER = 'X-CSRF-Token';

export interface MessageResponse {
  message: string;
}

/** POST /api/site/register. */
export interface RegisterResponse {
  status: 201;
  message: string;
}

export interface LoyaltyPoints {
  current_balance: number;
}

/** GET /api/get-profile. */
export interface CustomerProfile {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  photo: string | null;
  loyalty_points: LoyaltyPoints;
}

/** POST /api/redeem/points. */
export interface RedeemPointsResponse {
  message: string;
  points: LoyaltyPoints;
}

/** One row of the Shwari Points ledger: positive earns, negative redeems. */
export interface PointsEntry {
  id: number;
  delta: number;
  balance_after: number;
  /** e.g. 'sign_up', 'welcome_bonus', 'redeemed', 'order_paid'. */
  reason: string;
  reference: string | null;
  created_at: string;
}

/** GET /api/points (also /api/points/history): newest entry first. */
export interface PointsHistory {
  current_balance: number;
  entries: PointsEntry[];
}

export interface County {
  id: number;
  name: string;
}

export type SubCounty = County;

/** GET /api/addresses: the caller's own saved addresses. */
export interface Address {
  id: number;
  name: string;
  email: string;
  phone: string;
  street_address: string;
  apartment: string | null;
  town: string;
  county: County;
  sub_county: SubCounty;
}

/** POST /api/addresses and the update routes. */
export interface AddressSavedResponse {
  message: string;
  address: Address;
}

/** GET /internal/tokens/introspect (service to service only, never through the gateway). */
export interface TokenIntrospection {
  account_id: number;
  kind: AccountRole;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  expires_at: string;
}

/** Rules and their numbers, one place for the forms and the service. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 255;
export const NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 255;
export const RESET_CODE_LENGTH = 6;
/** Kenyan phone number as a shopper writes it: 10 digits starting with 0 (0712345678). */
export const KENYAN_PHONE_PATTERN = /^0\d{9}$/;

export * as ACCOUNT_MESSAGES from './accountMessages';
