/**
 * Test fixtures for the account screens, shaped as the customers service answers
 * (@shop/api-types, services/customers/README.md) but written out here, so the remote tests without
 * the services' source; and one helper that renders the account routes the way the shell mounts
 * them. Only tests import this file.
 */
import { createElement, type ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Address, County, CustomerProfile, LoginResponse, PointsHistory, SubCounty } from '@shop/api-types';
import { LanguageProvider } from '@shop/store-kit';
import { renderWithStore } from '@shop/store-kit/testing';
import ForgotPasswordPage from './auth/ForgotPasswordPage';
import LoginPage from './auth/LoginPage';
import RegisterPage from './auth/RegisterPage';
import ProfileArea from './profile/ProfileArea';

export const TOKEN = 'tok_customer_1';

/** The seeded demo customer (services/customers/src/db/seed/demo-accounts.ts). */
export const PROFILE: CustomerProfile = {
  id: 2,
  first_name: 'Juma',
  last_name: 'Otieno',
  email: 'customer@example.com',
  phone: '0712345678',
  photo: null,
  loyalty_points: { current_balance: 150 },
};

export const loginAnswer = (role: LoginResponse['role'] = 'customer'): LoginResponse => ({
  token: role === 'customer' ? TOKEN : 'tok_staff_1',
  user:
    role === 'customer'
      ? { first_name: 'Juma', last_name: 'Otieno', email: 'customer@example.com' }
      : { first_name: 'Amina', last_name: 'Wanjiru', email: 'admin@shwarimills.co.ke' },
  role,
  expires_at: '2026-02-16T08:00:00.000Z',
});

/**
 * Three counties with their sub-counties, under their official ids as the service serves them
 * (county codes, IEBC constituency codes), so the ids the tests send are real ones.
 */
interface CountyWithSubCounties {
  county: County;
  subCounties: SubCounty[];
}

function county(id: number, name: string, subCounties: Array<[number, string]>): CountyWithSubCounties {
  return { county: { id, name }, subCounties: subCounties.map(([subId, subName]) => ({ id: subId, name: subName })) };
}

export const MOMBASA = county(1, 'Mombasa', [
  [1, 'Changamwe'],
  [2, 'Jomvu'],
  [3, 'Kisauni'],
  [4, 'Nyali'],
  [5, 'Likoni'],
  [6, 'Mvita'],
]);

export const KISUMU = county(42, 'Kisumu', [
  [238, 'Kisumu East'],
  [239, 'Kisumu West'],
  [240, 'Kisumu Central'],
  [241, 'Seme'],
  [242, 'Nyando'],
  [243, 'Muhoroni'],
  [244, 'Nyakach'],
]);

export const NAIROBI = county(47, 'Nairobi', [
  [274, 'Westlands'],
  [275, 'Dagoretti North'],
  [276, 'Dagoretti South'],
  [277, 'Langata'],
  [278, 'Kibra'],
  [279, 'Roysambu'],
  [280, 'Kasarani'],
  [281, 'Ruaraka'],
  [282, 'Embakasi South'],
  [283, 'Embakasi North'],
  [284, 'Embakasi Central'],
  [285, 'Embakasi East'],
  [286, 'Embakasi West'],
  [287, 'Makadara'],
  [288, 'Kamukunji'],
  [289, 'Starehe'],
  [290, 'Mathare'],
]);

export const COUNTIES: County[] = [MOMBASA.county, KISUMU.county, NAIROBI.county];
export const subCountiesOf = (countyId: number): SubCounty[] =>
  [NAIROBI, MOMBASA, KISUMU].find((item) => item.county.id === countyId)?.subCounties ?? [];

export function subCounty(of: CountyWithSubCounties, name: string): SubCounty {
  const found = of.subCounties.find((item) => item.name === name);
  if (!found) throw new Error(`Fixture: no sub-county ${name}`);
  return found;
}

export const HOME_ADDRESS: Address = {
  id: 11,
  name: 'Juma Otieno',
  email: 'customer@example.com',
  phone: '0712345678',
  street_address: 'Waiyaki Way 14',
  apartment: 'Sarit Towers, 5th floor',
  town: 'Nairobi',
  county: NAIROBI.county,
  sub_county: subCounty(NAIROBI, 'Westlands'),
};

export const OFFICE_ADDRESS: Address = {
  id: 12,
  name: 'Achieng Atieno',
  email: 'achieng@example.com',
  phone: '0722000111',
  street_address: 'Oginga Odinga Street 3',
  apartment: null,
  town: 'Kisumu',
  county: KISUMU.county,
  sub_county: subCounty(KISUMU, 'Kisumu Central'),
};

export const POINTS: PointsHistory = {
  current_balance: 165,
  entries: [
    { id: 4, delta: -5, balance_after: 165, reason: 'redeemed', reference: null, created_at: '2026-01-20T09:30:00.000Z' },
    { id: 3, delta: 20, balance_after: 170, reason: 'order_paid', reference: 'ORD-1042', created_at: '2026-01-18T12:00:00.000Z' },
    { id: 2, delta: 130, balance_after: 150, reason: 'welcome_bonus', reference: null, created_at: '2026-01-15T08:00:00.000Z' },
    { id: 1, delta: 20, balance_after: 20, reason: 'sign_up', reference: null, created_at: '2026-01-15T08:00:00.000Z' },
  ],
};

/** Stores a session the way a successful login leaves it, before the store is created. */
export function storeSession(token = TOKEN, name = 'Juma Otieno', email = 'customer@example.com'): void {
  localStorage.setItem('customer_token', token);
  localStorage.setItem('customer_name', name);
  localStorage.setItem('customer_email', email);
}

export const storedSession = () => ({
  token: localStorage.getItem('customer_token'),
  name: localStorage.getItem('customer_name'),
  email: localStorage.getItem('customer_email'),
});

function LocationDisplay(): ReactElement {
  const location = useLocation();
  return createElement('div', { 'data-testid': 'location' }, location.pathname);
}

/**
 * The account remote's routes as the shell mounts them, at `path`; a stand-in shows where the
 * router ended up (screen.getByTestId('location')). With `i18n` (createI18n('sw', [accountCatalog]))
 * the screens are in that language, as the shell's LanguageProvider gives it.
 */
export function renderAccount(path: string, i18n?: Parameters<typeof LanguageProvider>[0]['i18n']) {
  const routes = createElement(
    MemoryRouter,
    { initialEntries: [path], future: { v7_startTransition: true, v7_relativeSplatPath: true } },
    createElement(
      Routes,
      null,
      createElement(Route, { path: '/login', element: createElement(LoginPage) }),
      createElement(Route, { path: '/register', element: createElement(RegisterPage) }),
      createElement(Route, { path: '/forgot-password', element: createElement(ForgotPasswordPage) }),
      createElement(Route, { path: '/profile/*', element: createElement(ProfileArea) }),
    ),
    createElement(LocationDisplay),
  );
  return renderWithStore(i18n ? createElement(LanguageProvider, { i18n, children: routes }) : routes);
}

/** Where the router is now. */
export const currentPath = (): string => screen.getByTestId('location').textContent ?? '';

/** The JSON body of a request a handler received. */
export const jsonBody = async (request: Request): Promise<unknown> => JSON.parse(await request.text()) as unknown;
