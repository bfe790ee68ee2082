import { fireEvent, screen, within } from '@testing-library/react';
import type { Order } from '@shop/api-types';
import { createI18n } from '@shop/store-kit';
import { catalogProblems, serverMessageProblems } from '@shop/store-kit/i18n/catalogCheck';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { PROFILE, renderAccount, storeSession } from '../testFixtures';
import { ACCOUNT_SERVER_MESSAGES } from './serverMessageRules';
import { accountCatalog } from '.';
import en from './locales/en.json';
import sw from './locales/sw.json';

afterEach(() => {
  resetShopState();
  localStorage.clear();
});

const inSwahili = () => createI18n('sw', [accountCatalog]);

const ORDER: Order = {
  id: 42,
  order_number: 'SH-00042',
  date: '2026-01-18T09:30:00.000Z',
  status: { id: 4, name: 'Dispatched', color: '#7c3aed' },
  is_paid: 1,
  subtotal: 1930,
  discount: 0,
  points_discount: 0,
  total_amount: 1930,
  products_count: 1,
  order_notes: null,
  customer: { first_name: 'Juma', last_name: 'Otieno', email: 'customer@example.com', phone: '0712345678' },
  shipping_address: {
    first_name: 'Juma',
    last_name: 'Otieno',
    street_address: 'Waiyaki Way 14',
    apartment: null,
    town: 'Nairobi',
    county: { id: 47, name: 'Nairobi' },
    sub_county: { id: 274, name: 'Westlands' },
    phone: '0712345678',
    email: 'customer@example.com',
  },
  order_items: [
    {
      id: 1,
      quantity: 1,
      price: 1930,
      product: { id: 7, name: 'Pishori Rice 5kg', price: 1930, brand: 'Shwari', category: 'Rice', unit: '5 kg', image: '/media/p/7.png' },
    },
  ],
  status_history: [
    { status: { id: 1, name: 'Pending', color: '#f59e0b' }, note: 'Order placed', created_at: '2026-01-18T09:30:00.000Z' },
    { status: { id: 2, name: 'Paid', color: '#16a34a' }, note: null, created_at: '2026-01-18T09:35:00.000Z' },
    { status: { id: 4, name: 'Dispatched', color: '#7c3aed' }, note: null, created_at: '2026-01-19T08:00:00.000Z' },
  ],
};

describe('the account in Swahili', () => {
  it('shows the login page in Swahili, and says the server’s refusal in Swahili', async () => {
    mockApi({ 'POST /login': () => respond(422, { message: 'These credentials do not match our records.' }) });
    renderAccount('/login', await inSwahili());
    expect(screen.getByRole('heading', { level: 1, name: 'Ingia' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Nikumbuke kwa siku 30' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Umesahau nenosiri?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Fungua akaunti' }).getAttribute('href')).toBe('/register');
    fireEvent.change(screen.getByRole('textbox', { name: 'Barua pepe' }), { target: { value: 'customer@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Nenosiri/), { target: { value: 'wrong-guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByText('Barua pepe au nenosiri si sahihi.')).toBeTruthy();
    expect(screen.queryByText('These credentials do not match our records.')).toBeNull();
  });

  it('registers in Swahili: labels, the points offer and the field errors the server sends', async () => {
    mockApi({
      'POST /site/register': () =>
        respond(422, {
          message: 'The email has already been taken.',
          errors: { email: ['The email has already been taken.'], password: ['The password field must be at least 8 characters.'] },
        }),
    });
    renderAccount('/register', await inSwahili());
    expect(screen.getByRole('heading', { level: 1, name: 'Jisajili' })).toBeTruthy();
    expect(screen.getByText('Fungua akaunti upate Pointi 20 za Shwari papo hapo.')).toBeTruthy();
    for (const label of ['Jina la kwanza', 'Jina la mwisho', 'Barua pepe', 'Nambari ya simu']) {
      expect(screen.getByRole('textbox', { name: label })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Jisajili' }));
    expect(await screen.findByText('Barua pepe hii tayari imesajiliwa.')).toBeTruthy();
    expect(screen.getByText('Nenosiri linapaswa kuwa na angalau herufi 8.')).toBeTruthy();
  });

  it('asks for a reset code in Swahili, and tells an unknown email to register first', async () => {
    mockApi({ 'POST /forgot-password': () => respond(404, { message: 'Register first' }) });
    renderAccount('/forgot-password', await inSwahili());
    expect(screen.getByRole('heading', { level: 1, name: 'Umesahau nenosiri?' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Barua pepe' }), { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nitumie msimbo' }));
    expect(await screen.findByText('Jisajili kwanza')).toBeTruthy();
  });

  it('shows my account in Swahili: greeting, points balance, and the current password when the email changes', async () => {
    storeSession();
    mockApi({ 'GET /get-profile': () => PROFILE });
    renderAccount('/profile/my-account', await inSwahili());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hariri maelezo yako' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Akaunti yangu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Akaunti yangu', 'Oda', 'Anwani', 'Pointi za Shwari']);
    expect(within(nav).getByRole('button', { name: 'Toka' })).toBeTruthy();
    expect(screen.getByText(/^Salio la Pointi za Shwari:/).textContent).toBe('Salio la Pointi za Shwari: 150');
    expect(screen.getByText(/^Habari/).textContent).toBe('Habari Juma (si Juma? Toka)');
    expect(document.title).toContain('Akaunti yangu');

    fireEvent.change(screen.getByRole('textbox', { name: 'Barua pepe' }), { target: { value: 'juma@example.com' } });
    expect(screen.getByLabelText(/^Nenosiri la sasa \(linahitajika ili kubadilisha barua pepe au nenosiri\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hifadhi mabadiliko' }));
    expect(await screen.findByText('Andika nenosiri lako la sasa ili kubadilisha barua pepe au nenosiri.')).toBeTruthy();
  });

  it('lists orders and tracks one in Swahili; prices stay in KSh', async () => {
    storeSession();
    mockApi({
      'GET /get-profile': () => PROFILE,
      'GET /orders': () => ({ orders: [ORDER] }),
      'GET /orders/view/SH-00042': () => ORDER,
    });
    renderAccount('/profile/orders', await inSwahili());
    expect(await screen.findByRole('heading', { level: 1, name: 'Oda' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Oda',
      'Bidhaa',
      'Kiasi',
      'Tarehe',
      'Hali',
      'Malipo',
      'Vitendo',
    ]);
    const row = screen.getByTestId('order-row');
    expect(within(row).getByTestId('order-status').textContent).toBe('Imetumwa');
    expect(within(row).getByText('Imelipwa')).toBeTruthy();
    expect(within(row).getByText('KSh 1,930.00')).toBeTruthy();

    fireEvent.click(within(row).getByRole('link', { name: 'Fuatilia oda SH-00042' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Oda SH-00042' })).toBeTruthy();
    const tracking = screen.getByRole('region', { name: 'Fuatilia oda' });
    expect(
      within(tracking)
        .getAllByTestId('order-status')
        .map((status) => status.textContent),
    ).toEqual(['Inasubiri', 'Imelipwa', 'Imetumwa']);
    expect(within(tracking).getByText('Oda imewekwa')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Anwani ya kuletewa' })).toBeTruthy();
    expect(screen.getAllByText('KSh 1,930.00').length).toBeGreaterThan(0);
  });

  it('stays in English, word for word, when the language is English', async () => {
    storeSession();
    mockApi({ 'GET /get-profile': () => PROFILE, 'GET /orders': () => ({ orders: [ORDER] }) });
    renderAccount('/profile/orders', await createI18n('en', [accountCatalog]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('Dispatched');
    expect(screen.getByRole('link', { name: 'Track order SH-00042' })).toBeTruthy();
  });
});

describe("the account's catalog", () => {
  it('has every id the code uses, each translated into Swahili with the same arguments', () => {
    expect(catalogProblems({ en, translations: { sw }, sourceDir: `${__dirname}/..` })).toEqual([]);
  });

  it("says the server's messages in English exactly as the server does", () => {
    expect(serverMessageProblems(ACCOUNT_SERVER_MESSAGES, en)).toEqual([]);
  });
});
