import { useEffect } from 'react';
import { setMeta } from '@shop/store-kit';

export const BACK_OFFICE_NAME = 'Shwari Back Office';
const DESCRIPTION = 'The Shwari Shop back office: sales, catalogue, coupons, orders and customers.';

/** 'Orders | Shwari Back Office', with the description and sharing meta; staff pages are never indexed. */
export function applyAdminMeta(title: string): void {
  const full = `${title} | ${BACK_OFFICE_NAME}`;
  document.title = full;
  setMeta('name', 'description', DESCRIPTION);
  setMeta('name', 'robots', 'noindex, nofollow');
  setMeta('property', 'og:title', full);
  setMeta('property', 'og:description', DESCRIPTION);
  setMeta('property', 'og:site_name', BACK_OFFICE_NAME);
  setMeta('property', 'og:url', globalThis.location?.href ?? '');
  setMeta('name', 'twitter:title', full);
  setMeta('name', 'twitter:description', DESCRIPTION);
}

/** Runs after the shell's own route meta (a layout effect), so the admin title wins. */
export function useAdminMeta(title: string): void {
  useEffect(() => applyAdminMeta(title), [title]);
}
