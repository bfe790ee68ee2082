import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Address } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import {
  COUNTIES,
  HOME_ADDRESS,
  jsonBody,
  KISUMU,
  MOMBASA,
  NAIROBI,
  OFFICE_ADDRESS,
  renderAccount,
  storeSession,
  subCountiesOf,
  subCounty,
} from '../testFixtures';

afterEach(() => {
  resetShopState();
  localStorage.clear();
});

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * The customers service for one customer's addresses: the list follows what was added, updated or
 * deleted. `reject` answers a save with that response instead.
 */
function addressServer(start: Address[], options: { reject?: () => unknown } = {}) {
  let addresses = [...start];
  const calls: Call[] = [];
  const toAddress = (id: number, body: Record<string, unknown>): Address => {
    const countyId = Number(body.county_id);
    const county = COUNTIES.find((item) => item.id === countyId) ?? { id: countyId, name: '?' };
    const sub = subCountiesOf(countyId).find((item) => item.id === Number(body.sub_county_id)) ?? {
      id: Number(body.sub_county_id),
      name: '?',
    };
    return {
      id,
      name: String(body.name),
      email: String(body.email),
      phone: String(body.phone),
      street_address: String(body.street_address),
      apartment: typeof body.apartment === 'string' ? body.apartment : null,
      town: String(body.town),
      county,
      sub_county: sub,
    };
  };
  mockApi({
    'GET /addresses': () => {
      calls.push({ method: 'GET', path: '/addresses' });
      return addresses;
    },
    'GET /site/counties': () => COUNTIES,
    'GET /site/counties/subcounty/(\\d+)': (_request, match) => {
      calls.push({ method: 'GET', path: `/site/counties/subcounty/${match[1]}` });
      return subCountiesOf(Number(match[1]));
    },
    'POST /addresses': async (request) => {
      const body = (await jsonBody(request)) as Record<string, unknown>;
      calls.push({ method: 'POST', path: '/addresses', body });
      if (options.reject) return options.reject();
      const saved = toAddress(100 + addresses.length, body);
      addresses = [...addresses, saved];
      return respond(201, { message: 'Address added successfully.', address: saved });
    },
    'POST /addresses/update/(\\d+)': async (request, match) => {
      const body = (await jsonBody(request)) as Record<string, unknown>;
      calls.push({ method: 'POST', path: `/addresses/update/${match[1]}`, body });
      if (options.reject) return options.reject();
      const saved = toAddress(Number(match[1]), body);
      addresses = addresses.map((address) => (address.id === saved.id ? saved : address));
      return { message: 'Address updated successfully.', address: saved };
    },
    'DELETE /addresses/(\\d+)': (_request, match) => {
      calls.push({ method: 'DELETE', path: `/addresses/${match[1]}` });
      addresses = addresses.filter((address) => address.id !== Number(match[1]));
      return { message: 'Address deleted successfully.' };
    },
  });
  return calls;
}

async function openAddresses(): Promise<void> {
  storeSession();
  renderAccount('/profile/addresses');
  await screen.findByRole('heading', { level: 1, name: 'Addresses' });
}

const cards = () => screen.queryAllByTestId('address-card');
const cardNames = () => cards().map((card) => within(card).getByRole('heading', { level: 2 }).textContent);

/** The card's labelled values, as a shopper reads them: { Email: ..., Street: ... }. */
function cardDetails(card: HTMLElement): Record<string, string> {
  const details: Record<string, string> = {};
  for (const term of Array.from(card.querySelectorAll('dt'))) details[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  return details;
}

const type = (form: HTMLElement, name: string, value: string) =>
  fireEvent.change(within(form).getByRole('textbox', { name }), { target: { value } });
const choose = (form: HTMLElement, name: 'County' | 'Sub-county', option: string) => {
  const select = within(form).getByRole('combobox', { name }) as HTMLSelectElement;
  const wanted = within(select).getByRole('option', { name: option }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: wanted.value } });
};

describe('AddressesPage', () => {
  it('shows a card per address with name, email, phone, street, apartment, town, county and sub county', async () => {
    addressServer([HOME_ADDRESS, OFFICE_ADDRESS]);
    await openAddresses();
    await waitFor(() => expect(cardNames()).toEqual(['Juma Otieno', 'Achieng Atieno']));
    const [home, office] = cards();
    expect(cardDetails(home!)).toEqual({
      Email: 'customer@example.com',
      Phone: '0712345678',
      Street: 'Waiyaki Way 14',
      Apartment: 'Sarit Towers, 5th floor',
      Town: 'Nairobi',
      County: 'Nairobi',
      'Sub County': 'Westlands',
    });
    // No apartment: the row is left out rather than shown empty.
    expect(cardDetails(office!)).toEqual({
      Email: 'achieng@example.com',
      Phone: '0722000111',
      Street: 'Oginga Odinga Street 3',
      Town: 'Kisumu',
      County: 'Kisumu',
      'Sub County': 'Kisumu Central',
    });
    expect(within(home!).getByRole('button', { name: 'Edit address Juma Otieno' })).toBeTruthy();
    expect(within(home!).getByRole('button', { name: 'Delete address Juma Otieno' })).toBeTruthy();
    expect(screen.queryByText('You have no saved addresses yet.')).toBeNull();
  });

  it("with no addresses shows 'You have no saved addresses yet.'", async () => {
    addressServer([]);
    await openAddresses();
    expect(await screen.findByText('You have no saved addresses yet.')).toBeTruthy();
    expect(cards()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Add Address' })).toBeTruthy();
  });

  it('when the list cannot be loaded the page says so', async () => {
    storeSession();
    mockApi({ 'GET /addresses': () => respond(500, { message: 'Server Error' }) });
    renderAccount('/profile/addresses');
    expect(await screen.findByText('We could not load your addresses just now.')).toBeTruthy();
  });

  it('Add Address: choosing a county loads its sub-counties, Save posts the address with numeric ids and the list refreshes', async () => {
    const calls = addressServer([]);
    await openAddresses();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    expect(screen.queryByText('You have no saved addresses yet.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Address' })).toBeNull();

    type(form, 'Name', 'Amani Mwangi');
    type(form, 'Phone', '0733111222');
    type(form, 'Email', 'amani@example.com');
    type(form, 'Street address', 'Moi Avenue 21');
    type(form, 'Apartment (optional)', 'Block C');
    type(form, 'Town', 'Mombasa');
    const subCountySelect = within(form).getByRole('combobox', { name: 'Sub-county' }) as HTMLSelectElement;
    expect(subCountySelect.disabled).toBe(true);
    await within(form).findByRole('option', { name: 'Mombasa' });
    choose(form, 'County', 'Mombasa');

    expect(await within(subCountySelect).findByRole('option', { name: 'Nyali' })).toBeTruthy();
    expect(subCountySelect.disabled).toBe(false);
    expect(calls).toContainEqual({ method: 'GET', path: `/site/counties/subcounty/${MOMBASA.county.id}` });
    expect(within(subCountySelect).queryByRole('option', { name: 'Westlands' })).toBeNull();
    choose(form, 'Sub-county', 'Nyali');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByText('Address added successfully.')).toBeTruthy();
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted).toEqual([
      {
        method: 'POST',
        path: '/addresses',
        body: {
          name: 'Amani Mwangi',
          email: 'amani@example.com',
          phone: '0733111222',
          street_address: 'Moi Avenue 21',
          apartment: 'Block C',
          town: 'Mombasa',
          county_id: MOMBASA.county.id,
          sub_county_id: subCounty(MOMBASA, 'Nyali').id,
        },
      },
    ]);
    // The list is fetched again and shows the new card; the form closes.
    await waitFor(() => expect(cardNames()).toEqual(['Amani Mwangi']));
    expect(cardDetails(cards()[0]!)).toMatchObject({ County: 'Mombasa', 'Sub County': 'Nyali', Apartment: 'Block C' });
    expect(calls.filter((call) => call.path === '/addresses' && call.method === 'GET')).toHaveLength(2);
    expect(screen.queryByRole('form', { name: 'New address' })).toBeNull();
  });

  it('sends an unchosen county and sub-county as missing, so the server answers "is required"', async () => {
    const calls = addressServer([], {
      reject: () =>
        respond(422, {
          message: 'County is required',
          errors: { county_id: ['County is required'], sub_county_id: ['Sub-county is required'] },
        }),
    });
    await openAddresses();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('County is required')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).not.toHaveProperty('county_id');
    expect(post?.body).not.toHaveProperty('sub_county_id');
  });

  it('changing the county clears the chosen sub-county and loads the new list', async () => {
    const calls = addressServer([]);
    await openAddresses();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await within(form).findByRole('option', { name: 'Nairobi' });
    choose(form, 'County', 'Nairobi');
    await within(form).findByRole('option', { name: 'Westlands' });
    choose(form, 'Sub-county', 'Westlands');
    choose(form, 'County', 'Kisumu');
    const subCountySelect = within(form).getByRole('combobox', { name: 'Sub-county' }) as HTMLSelectElement;
    expect(subCountySelect.value).toBe('');
    expect(await within(subCountySelect).findByRole('option', { name: 'Kisumu Central' })).toBeTruthy();
    expect(within(subCountySelect).queryByRole('option', { name: 'Westlands' })).toBeNull();
    expect(calls).toContainEqual({ method: 'GET', path: `/site/counties/subcounty/${KISUMU.county.id}` });
  });

  it('a 422 shows each field message as a toast and keeps the form open with what was typed', async () => {
    const calls = addressServer([], {
      reject: () =>
        respond(422, {
          message: 'Name is required (and 3 more errors)',
          errors: {
            name: ['Name is required'],
            phone: ['Phone number must be 10 digits'],
            street_address: ['Street is required'],
            town: ['Town is required'],
          },
        }),
    });
    await openAddresses();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    type(form, 'Phone', '07');
    await within(form).findByRole('option', { name: 'Nairobi' });
    choose(form, 'County', 'Nairobi');
    await within(form).findByRole('option', { name: 'Westlands' });
    choose(form, 'Sub-county', 'Westlands');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Address' }));
    for (const message of ['Name is required', 'Phone number must be 10 digits', 'Street is required', 'Town is required']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.queryByText('Address added successfully.')).toBeNull();
    expect(screen.getByRole('form', { name: 'New address' })).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe('07');
    expect((within(form).getByRole('combobox', { name: 'Sub-county' }) as HTMLSelectElement).value).toBe(
      String(subCounty(NAIROBI, 'Westlands').id),
    );
  });

  it('Cancel closes the new address form without saving', async () => {
    const calls = addressServer([HOME_ADDRESS]);
    await openAddresses();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Address' }));
    fireEvent.click(within(screen.getByRole('form', { name: 'New address' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New address' })).toBeNull();
    expect(cardNames()).toEqual(['Juma Otieno']);
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('Edit opens the form prefilled and Save posts to /addresses/update/{id}; the card shows the change', async () => {
    const calls = addressServer([HOME_ADDRESS, OFFICE_ADDRESS]);
    await openAddresses();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit address Juma Otieno' }));
    const form = screen.getByRole('form', { name: 'Edit address Juma Otieno' });
    expect((within(form).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Juma Otieno');
    expect((within(form).getByRole('textbox', { name: 'Street address' }) as HTMLInputElement).value).toBe('Waiyaki Way 14');
    expect((within(form).getByRole('textbox', { name: 'Apartment (optional)' }) as HTMLInputElement).value).toBe('Sarit Towers, 5th floor');
    const county = within(form).getByRole('combobox', { name: 'County' }) as HTMLSelectElement;
    const sub = within(form).getByRole('combobox', { name: 'Sub-county' }) as HTMLSelectElement;
    await within(sub).findByRole('option', { name: 'Westlands' });
    await waitFor(() => expect(county.value).toBe(String(NAIROBI.county.id)));
    expect(sub.value).toBe(String(HOME_ADDRESS.sub_county.id));
    // The other card is still a card.
    expect(screen.getByRole('button', { name: 'Edit address Achieng Atieno' })).toBeTruthy();

    type(form, 'Street address', 'Waiyaki Way 16');
    type(form, 'Apartment (optional)', '');
    choose(form, 'Sub-county', 'Kibra');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByText('Address updated successfully.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: `/addresses/update/${HOME_ADDRESS.id}`,
        body: {
          name: 'Juma Otieno',
          email: 'customer@example.com',
          phone: '0712345678',
          street_address: 'Waiyaki Way 16',
          town: 'Nairobi',
          county_id: NAIROBI.county.id,
          sub_county_id: subCounty(NAIROBI, 'Kibra').id,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit address Juma Otieno' })).toBeNull());
    await waitFor(() => expect(cardDetails(cards()[0]!)).toMatchObject({ Street: 'Waiyaki Way 16', 'Sub County': 'Kibra' }));
    expect(cardDetails(cards()[0]!)).not.toHaveProperty('Apartment');
  });

  it('a phone written +254 7.. is saved as the shop stores it', async () => {
    const calls = addressServer([HOME_ADDRESS]);
    await openAddresses();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit address Juma Otieno' }));
    const form = screen.getByRole('form', { name: 'Edit address Juma Otieno' });
    type(form, 'Phone', '+254 733 111-222');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByText('Address updated successfully.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      expect.objectContaining({ phone: '0733111222' }),
    ]);
    await waitFor(() => expect(cardDetails(cards()[0]!)).toMatchObject({ Phone: '0733111222' }));
  });

  it("Delete asks 'Delete this address?'; 'Keep it' sends nothing, 'Yes, delete' sends DELETE /addresses/{id}", async () => {
    const calls = addressServer([HOME_ADDRESS, OFFICE_ADDRESS]);
    await openAddresses();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete address Achieng Atieno' }));
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    expect(within(confirm).getByText('Delete this address?')).toBeTruthy();
    expect(cards()[1]!.contains(confirm)).toBe(true);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByText('Delete this address?')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    expect(cardNames()).toEqual(['Juma Otieno', 'Achieng Atieno']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete address Achieng Atieno' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(screen.getByRole('group', { name: 'Confirm delete' })).getByRole('button', { name: 'Yes, delete' }));

    expect(await screen.findByText("Achieng Atieno's address deleted")).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', path: `/addresses/${OFFICE_ADDRESS.id}` }]);
    await waitFor(() => expect(cardNames()).toEqual(['Juma Otieno']));
  });

  it('deleting the last address leaves the empty state', async () => {
    addressServer([HOME_ADDRESS]);
    await openAddresses();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete address Juma Otieno' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('You have no saved addresses yet.')).toBeTruthy();
    expect(cards()).toHaveLength(0);
  });
});
