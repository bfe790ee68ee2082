import { createShopStore } from '../store';
import { api } from '../api';
import { selectCustomerName, signedIn, signedOut } from './sessionSlice';

beforeEach(() => localStorage.clear());

it('keeps the session under the spec keys and restores it on a new store', () => {
  const store = createShopStore();
  store.dispatch(signedIn({ token: 'tok', name: 'Juma Otieno', email: 'juma@example.com' }));
  expect(localStorage.getItem('customer_token')).toBe('tok');
  expect(localStorage.getItem('customer_name')).toBe('Juma Otieno');
  expect(localStorage.getItem('customer_email')).toBe('juma@example.com');
  expect(selectCustomerName(createShopStore().getState())).toBe('Juma Otieno');
  store.dispatch(signedOut());
  expect(localStorage.getItem('customer_token')).toBeNull();
  expect(localStorage.getItem('customer_name')).toBeNull();
});

it('sends the token as a bearer and signs out when a call answers 401', async () => {
  const seen: Array<string | null> = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    seen.push((input as Request).headers.get('authorization'));
    return new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401, headers: { 'content-type': 'application/json' } });
  });
  const probe = api.injectEndpoints({
    endpoints: (build) => ({ probeProfile: build.query<unknown, void>({ query: () => 'get-profile' }) }),
    overrideExisting: true,
  });
  const store = createShopStore();
  store.dispatch(signedIn({ token: 'expired', name: 'Juma', email: 'j@example.com' }));
  await store.dispatch(probe.endpoints.probeProfile.initiate());
  expect(seen).toEqual(['Bearer expired']);
  expect(store.getState().session.token).toBeNull();
  expect(localStorage.getItem('customer_token')).toBeNull();
});
