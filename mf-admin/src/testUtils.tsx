/**
 * Test helpers for the back office: renders AdminApp the way the shell mounts it (/admin/* in a
 * router, inside the shell's one store), fixtures shaped as admin.ts says, and antd helpers.
 * Only tests import this file.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { STAFF_PAGE_COOKIE, type AdminSessionResponse } from '@shop/api-types';
import { renderWithStore, respond } from '@shop/store-kit/testing';
import AdminApp from './AdminApp';
import { readPageCookie } from './session/adminSession';

/** The session's CSRF token in these tests (the session token itself is an HttpOnly cookie the page never sees). */
export const STAFF_CSRF = 'csrf_staff_1';
export const STAFF = { first_name: 'Amina', last_name: 'Wanjiru', email: 'admin@shwarimills.co.ke' };

/** POST /api/admin/session: staff get the session; a customer account is refused with 403. */
export const staffLogin = (role: 'staff' | 'customer' = 'staff') =>
  role === 'staff'
    ? ({ user: STAFF, role: 'staff', expires_at: '2026-02-16T08:00:00.000Z', csrf_token: STAFF_CSRF } satisfies AdminSessionResponse)
    : respond(403, { message: 'This account cannot use the back office.' });

/**
 * A signed-in staff member, as a previous login left it: the readable page cookie (jsdom's page is
 * at /, so the cookie is set there rather than at /admin).
 */
export function storeAdminSession(email: string = STAFF.email): void {
  const page = { csrf_token: STAFF_CSRF, name: 'Amina Wanjiru', email };
  document.cookie = `${STAFF_PAGE_COOKIE}=${encodeURIComponent(JSON.stringify(page))}; Path=/`;
}

/** What the page knows of the session after a reload (null: signed out). */
export const storedAdminSession = () => readPageCookie();

// Cookies outlive a test in jsdom: each test starts signed out.
afterEach(() => {
  document.cookie = `${STAFF_PAGE_COOKIE}=; Path=/; Max-Age=0`;
});

let location = '';
function LocationProbe(): null {
  location = useLocation().pathname + useLocation().search;
  return null;
}
export const currentPath = (): string => location;

/** The back office at `path`, mounted under /admin/* as the shell does. */
export function renderAdmin(path: string) {
  return renderWithStore(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="*" element={<p>Outside the back office</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

export async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

export const query = (request: Request): Record<string, string> => Object.fromEntries(new URL(request.url).searchParams);

/** The page's main heading in the header. */
export const pageTitle = async (title: string) => screen.findByRole('heading', { level: 1, name: title });

/** Opens an antd Select (by its accessible name) and picks an option by its text. */
export async function pickOption(label: string | RegExp, option: string, container: HTMLElement = document.body): Promise<void> {
  const combo = within(container).getByRole('combobox', { name: label });
  fireEvent.mouseDown(combo);
  const item = await waitFor(() => {
    // antd ids are all 'test-id' under jest, so aria-controls cannot tell the dropdowns apart.
    // (jsdom never runs the closing animation, so earlier dropdowns may still count as open: the
    // newest one offering the option is this select's.)
    const open = [...document.querySelectorAll('.shop-admin-select-dropdown:not(.shop-admin-select-dropdown-hidden)')];
    const options = open.map((dropdown) =>
      [...dropdown.querySelectorAll('.shop-admin-select-item-option')].find((element) => element.textContent === option),
    );
    const found = options.filter(Boolean).at(-1);
    if (!found) throw new Error(`No option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
  // Close a multiple select's dropdown again, so the next pick finds its own.
  fireEvent.blur(combo);
}

/** The visible antd message (toast) texts. */
export const toasts = (): string[] =>
  [...document.querySelectorAll('.shop-admin-message-notice')].map((element) => element.textContent ?? '');

export async function findToast(text: string): Promise<void> {
  await waitFor(() => expect(toasts()).toContain(text));
}

/** Table body rows (antd renders a measure row first; it has no cells with text). */
export function tableRows(container: HTMLElement = document.body): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('.shop-admin-table-tbody tr.shop-admin-table-row')];
}

export const cellTexts = (row: HTMLElement): string[] => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '');

export const headerTexts = (container: HTMLElement = document.body): string[] =>
  [...container.querySelectorAll('.shop-admin-table-thead th')].map((cell) => cell.textContent ?? '').filter(Boolean);

export { act, within };
