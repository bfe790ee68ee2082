import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminVersionsResponse } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { renderAdmin, storeAdminSession } from '../testUtils';

beforeEach(() => storeAdminSession());
afterEach(() => resetShopState());

const LIVE: AdminVersionsResponse = {
  checked_at: '2026-11-27T07:30:00.000Z',
  services: [
    { service: 'gateway', area: 'gateway', instance: 'self', status: 'ok', version: '1.2.0' },
    { service: 'catalog', area: 'catalogue', instance: 'http://catalog-1:4101', status: 'ok', version: '2.4.1' },
    { service: 'checkout', area: 'checkout', instance: 'http://orders-2:4103', status: 'unreachable', version: null },
  ],
  remotes: [
    { name: 'mf_catalog', entry: '/remotes/catalog/mf-manifest.json', status: 'ok', version: '3.0.0' },
    { name: 'mf_chat', entry: 'https://chat.cdn.example/mf-manifest.json', status: 'unreachable', version: null },
  ],
};

const row = (text: string): HTMLElement => screen.getByText(text).closest('tr') as HTMLElement;

describe('versions', () => {
  it("lists every area's live version and health, and checks again on demand", async () => {
    let asked = 0;
    mockApi({
      'GET /admin/versions': () => {
        asked += 1;
        return LIVE;
      },
    });
    renderAdmin('/admin/versions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Versions' })).toBeTruthy();
    await screen.findByText('http://catalog-1:4101');
    expect(within(row('http://catalog-1:4101')).getByText('2.4.1')).toBeTruthy();
    expect(within(row('http://catalog-1:4101')).getByText('Healthy')).toBeTruthy();
    expect(within(row('this gateway')).getByText('1.2.0')).toBeTruthy();
    expect(within(row('http://orders-2:4103')).getByText('Unreachable')).toBeTruthy();
    expect(within(row('http://orders-2:4103')).getByText('unknown')).toBeTruthy();
    expect(within(row('mf_catalog')).getByText('3.0.0')).toBeTruthy();
    expect(within(row('mf_chat')).getByText('Unreachable')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Check again/ }));
    await waitFor(() => expect(asked).toBe(2));
  });

  it("shows the gateway's reason when the versions cannot be gathered", async () => {
    mockApi({
      'GET /admin/versions': () =>
        respond(503, { message: 'The versions page is not available: the gateway has no INTERNAL_SECRET to check sign-ins with.' }),
    });
    renderAdmin('/admin/versions');
    expect(await screen.findByText(/the gateway has no INTERNAL_SECRET/)).toBeTruthy();
  });
});
