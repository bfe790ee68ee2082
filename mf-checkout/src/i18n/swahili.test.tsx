import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES, CHECKOUT_MESSAGES } from '@shop/api-types';
import { switchLanguage } from '@shop/store-kit';
import { catalogProblems, serverMessageProblems } from '@shop/store-kit/i18n/catalogCheck';
import { resetShopState, respond } from '@shop/store-kit/testing';
import { checkoutServer } from '../checkout/checkoutServer';
import { findToast, FULL_CART, renderShop, SMALL_CART, storeCart, toastTexts } from '../testFixtures';
import { serverMessage } from '.';
import en from './locales/en.json';
import sw from './locales/sw.json';
import { SERVER_MESSAGE_RULES } from './serverMessages';

// The page's one instance in Swahili, as the header's switch leaves it: the components and the toasts speak it.
beforeEach(async () => {
  await act(async () => switchLanguage('sw'));
});
afterEach(async () => {
  await act(async () => switchLanguage('en'));
  resetShopState();
});

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

async function chooseOption(name: string, option: string): Promise<void> {
  const select = screen.getByRole('combobox', { name }) as HTMLSelectElement;
  const wanted = (await within(select).findByRole('option', { name: option })) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: wanted.value } });
}

describe("the checkout's catalog", () => {
  it('has every id the code uses, each translated into Swahili with the same arguments', () => {
    expect(catalogProblems({ en, translations: { sw }, sourceDir: `${__dirname}/..` })).toEqual([]);
  });

  it("says each server message the checkout knows in the server's own English words", () => {
    expect(serverMessageProblems(SERVER_MESSAGE_RULES, en)).toEqual([]);
    // Every field message of the spec has its rule, so none shows in English on a Swahili page.
    for (const message of Object.values(CHECKOUT_MESSAGES)) expect(serverMessage(message)).not.toBe(message);
  });
});

describe('the cart, checkout and success pages in Swahili', () => {
  it('shows the cart in Swahili, prices still as KSh 1,930.00', () => {
    storeCart(SMALL_CART);
    renderShop('/cart');
    expect(screen.getByRole('heading', { level: 1, name: 'Kikapu' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Jumla ya kikapu' })).toBeTruthy();
    expect(screen.getByText('Jumla ndogo')).toBeTruthy();
    expect(screen.getByText('Usafirishaji bure kote nchini')).toBeTruthy();
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('KSh 1,615.00');
    // The spec's minimum, said in Swahili.
    expect(screen.getByText('Kiwango cha chini cha oda ni KSh 1,930')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Endelea kulipia' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByRole('button', { name: /^Ondoa .+ kwenye kikapu$/ })).toHaveLength(2);
    expect(document.title).toContain('Kikapu');
  });

  it('labels the checkout form in Swahili and shows the checks of Continue in Swahili, beside the fields and as toasts', async () => {
    checkoutServer();
    storeCart(FULL_CART);
    renderShop('/checkout');
    expect(screen.getByRole('heading', { level: 1, name: 'Malipo' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Maelezo ya mnunuzi' })).toBeTruthy();
    for (const name of ['Jina la kwanza', 'Jina la mwisho', 'Nambari ya simu', 'Barua pepe', 'Anwani ya mtaa', 'Mji']) {
      expect(field(name)).toBeTruthy();
    }
    expect(screen.getByRole('combobox', { name: 'Kaunti' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Kaunti ndogo' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Maelezo ya oda (si lazima)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Msimbo wa kuponi (si lazima)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Nimesoma na nakubali vigezo na masharti' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Weka oda' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Oda yako' }).textContent).toContain('Jumla');

    type('Nambari ya simu', '07123');
    fireEvent.click(screen.getByRole('button', { name: 'Endelea' }));
    const summary = await screen.findByRole('alert', { name: 'Tafadhali angalia yafuatayo' });
    expect(within(summary).getByRole('link', { name: 'Jina la kwanza linahitajika' })).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Nambari ya simu lazima iwe na tarakimu 10' })).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Lazima ukubali vigezo na masharti' })).toBeTruthy();
    expect(field('Jina la kwanza').getAttribute('aria-describedby')).toBeTruthy();
    await findToast('Kaunti inahitajika');
  });

  it("shows the server's 422 in Swahili, as a toast and under its field", async () => {
    checkoutServer({
      store: () =>
        respond(422, {
          message: ACCOUNT_MESSAGES.subCountyMismatch,
          errors: { subcounty_id: [ACCOUNT_MESSAGES.subCountyMismatch] },
        }),
    });
    storeCart(FULL_CART);
    renderShop('/checkout');
    type('Jina la kwanza', 'Achieng');
    type('Jina la mwisho', 'Atieno');
    type('Nambari ya simu', '+254 722 000 111');
    type('Barua pepe', 'achieng@example.com');
    type('Anwani ya mtaa', 'Moi Avenue 21');
    type('Mji', 'Mombasa');
    await chooseOption('Kaunti', 'Mombasa');
    await chooseOption('Kaunti ndogo', 'Nyali');
    fireEvent.click(screen.getByRole('checkbox', { name: /vigezo na masharti/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Endelea' }));
    await screen.findByText('Maelezo yako yamekamilika. Chagua jinsi ya kulipa kisha uweke oda yako.');
    fireEvent.click(screen.getByRole('button', { name: 'Weka oda' }));

    const swahili = 'Kaunti ndogo uliyochagua haiko kwenye kaunti uliyochagua.';
    await findToast(swahili);
    await waitFor(() => expect(document.getElementById('checkout-subcounty_id-error')?.textContent).toBe(swahili));
    expect(screen.queryByText(ACCOUNT_MESSAGES.subCountyMismatch)).toBeNull();
  });

  it('a 503 placing the order (the database dropped) says in Swahili to try again in a moment', async () => {
    checkoutServer({
      store: () => respond(503, { message: 'The checkout is unavailable right now. Please try again shortly.', area: 'checkout' }),
    });
    storeCart(FULL_CART);
    renderShop('/checkout');
    type('Jina la kwanza', 'Achieng');
    type('Jina la mwisho', 'Atieno');
    type('Nambari ya simu', '+254 722 000 111');
    type('Barua pepe', 'achieng@example.com');
    type('Anwani ya mtaa', 'Moi Avenue 21');
    type('Mji', 'Mombasa');
    await chooseOption('Kaunti', 'Mombasa');
    await chooseOption('Kaunti ndogo', 'Nyali');
    fireEvent.click(screen.getByRole('checkbox', { name: /vigezo na masharti/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Endelea' }));
    await screen.findByText('Maelezo yako yamekamilika. Chagua jinsi ya kulipa kisha uweke oda yako.');
    fireEvent.click(screen.getByRole('button', { name: 'Weka oda' }));
    await findToast('Hatukuweza kuweka oda yako kwa sasa. Tafadhali jaribu tena baada ya muda mfupi.');
    expect(toastTexts().join(' ')).not.toContain('unavailable');
  });

  /** The checkout's order SH-261042 kept in this browser, as it is after the payment page. */
  const keptOrder = () =>
    localStorage.setItem(
      'pending_order',
      JSON.stringify({
        id: 1042,
        order_number: 'SH-261042',
        payment_key: 'k3y',
        signature: '{}',
        total_amount: 3065,
        coupon: null,
        redeemed_points: 0,
        name: 'Achieng',
      }),
    );
  const paymentStatus = (status: string) => () => ({
    order_number: 'SH-261042',
    status,
    total_amount: 3065,
    subtotal: 3065,
    discount: 0,
    points_discount: 0,
    coupon_code: null,
    redeemed_points: 0,
  });

  it('thanks the shopper in Swahili on the success page, once the server says the order is paid', async () => {
    keptOrder();
    checkoutServer({ paymentStatus: paymentStatus('paid') });
    renderShop('/success?order_id=SH-261042&name=Achieng');
    expect(screen.getByRole('heading', { level: 1, name: 'Tunakagua malipo yako' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Asante, Achieng!' })).toBeTruthy();
    expect(screen.getByText('Oda yako imelipiwa. Tutakuletea ndani ya saa 24-48, bila malipo ya usafirishaji.')).toBeTruthy();
    expect(screen.getByText('Nambari ya oda:', { exact: false }).textContent).toBe('Nambari ya oda: SH-261042');
    expect(screen.getByRole('link', { name: 'Endelea kununua' })).toBeTruthy();
  });

  it('says in Swahili that a payment is still being confirmed, and that an unknown order is not found', async () => {
    keptOrder();
    checkoutServer({ paymentStatus: paymentStatus('pending') });
    const { unmount } = renderShop('/success?order_id=SH-261042&name=Achieng');
    expect(await screen.findByRole('heading', { level: 1, name: 'Malipo yako yanathibitishwa' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Bado hatujapokea uthibitisho. Tunakagua tena (1 kati ya 10)…');
    expect(screen.queryByText(/imelipiwa/)).toBeNull();
    unmount();
    renderShop('/success?order_id=SH-999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hatukuweza kupata oda hii' })).toBeTruthy();
  });

  it('says on the failed page, in Swahili, that the order could not be processed', () => {
    renderShop('/failed?order_id=SH-1042');
    expect(screen.getByRole('heading', { level: 1, name: 'Samahani, oda yako haikuweza kushughulikiwa!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Jaribu tena' })).toBeTruthy();
  });
});
