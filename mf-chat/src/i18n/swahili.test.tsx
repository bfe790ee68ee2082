import { act, fireEvent, screen, within } from '@testing-library/react';
import { CHAT_TERMS_AGREE_MESSAGE, type ChatCheckout, type ChatRequestBody } from '@shop/api-types';
import { createI18n } from '@shop/store-kit';
import { catalogProblems, serverMessageProblems } from '@shop/store-kit/i18n/catalogCheck';
import { resetShopState, respond } from '@shop/store-kit/testing';
import {
  chatProduct,
  chatServer,
  line,
  MAIZE,
  MOMBASA,
  NAIROBI,
  NYALI,
  OIL,
  ORDER_ID,
  ORDER_NUMBER,
  ORDER_PAYMENT_KEY,
  PAYMENT_URL,
  renderChatPage,
  renderWidget,
  reply,
  storeCart,
} from '../testFixtures';
import { chatCatalog } from '.';
import en from './locales/en.json';
import sw from './locales/sw.json';
import { SERVER_MESSAGE_RULES } from './serverMessages';

const GREETING_SW = 'Habari! Karibu Shwari Shop. Mimi ni msaidizi wako wa ununuzi.';
const TERMS_SW = 'Oda yako ni KSh 2,900.00 na usafirishaji ni bure. Unakubaliana na masharti na vigezo vyetu (/terms)?';

/** The assistant of a Swahili conversation, for the messages the widget sends (services/chat answers these in Swahili). */
const swahiliAssistant = (body: ChatRequestBody) => {
  const message = body.message;
  if (message === 'Habari') return reply(body, { text: GREETING_SW, suggestions: ['Kuna ofa gani?', 'Msaada'] });
  if (message === 'nataka unga') return reply(body, { text: 'Nimepata hizi kwa "unga":', products: [chatProduct(MAIZE)] });
  if (message === `Add ${MAIZE.name} to cart`)
    return reply(body, {
      text: `${MAIZE.name} imeongezwa kwenye kikapu`,
      cart: [...body.frontend_cart.map((l) => line(OIL, l.quantity)), line(MAIZE, 1)],
    });
  if (message === `Add 1 more ${OIL.name} to cart`)
    return reply(body, { text: `Idadi ya ${OIL.name} imebadilishwa`, cart: [line(OIL, 3)] });
  if (message === 'Checkout') return reply(body, { text: TERMS_SW, step: 'terms', suggestions: [CHAT_TERMS_AGREE_MESSAGE, 'Sitisha'] });
  if (message === CHAT_TERMS_AGREE_MESSAGE)
    return reply(body, { text: 'Tukuletee kaunti gani?', step: 'county', counties: [MOMBASA, NAIROBI] });
  if (message === String(MOMBASA.id))
    return reply(body, { text: 'Mombasa, sawa. Kaunti ndogo gani?', step: 'subcounty', subcounties: [NYALI] });
  if (message === String(NYALI.id))
    return reply(body, { text: 'Nyali. Tafadhali jaza anwani ya kukuletea.', step: 'address', show_address_form: true });
  if (message.split(':').length === 5) {
    const checkout: ChatCheckout = {
      order_id: ORDER_ID,
      order_number: ORDER_NUMBER,
      payment_key: ORDER_PAYMENT_KEY,
      total_amount: 2900,
      payment_url: PAYMENT_URL,
    };
    return reply(body, { text: `Asante! Oda yako ${ORDER_NUMBER} imewekwa.`, step: 'payment', checkout });
  }
  if (message === 'Try again') {
    const checkout: ChatCheckout = {
      order_id: ORDER_ID,
      order_number: ORDER_NUMBER,
      payment_key: ORDER_PAYMENT_KEY,
      total_amount: 2900,
      payment_url: `${PAYMENT_URL}-2`,
    };
    return reply(body, { text: `Huu hapa ukurasa wa malipo wa oda yako ${ORDER_NUMBER} tena.`, step: 'payment', checkout });
  }
  return reply(body, { text: 'Samahani, sijakuelewa vizuri.' });
};

const inSwahili = () => createI18n('sw', [chatCatalog]);
const log = () => within(screen.getByRole('log', { name: 'Mazungumzo' }));
const lastBubble = () => screen.getAllByTestId('shopper-message').at(-1)!.textContent;

async function type(text: string): Promise<void> {
  const box = screen.getByRole('textbox', { name: 'Mwandikie msaidizi wa ununuzi' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Tuma' }));
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  resetShopState();
  sessionStorage.clear();
});

describe('the chat in Swahili', () => {
  it('greets with Habari and shows the widget in Swahili', async () => {
    const calls = chatServer({ answer: swahiliAssistant });
    renderWidget({ i18n: await inSwahili() });
    const widget = screen.getByRole('region', { name: 'Msaidizi wa Ununuzi' });
    await log().findByText(GREETING_SW);
    // The opening message sets the assistant's language: a greeting it reads as Swahili.
    expect(calls.map((call) => call.body.message)).toEqual(['Habari']);
    expect(within(widget).getByText('Nunua na ulipe kupitia chat')).toBeTruthy();
    expect(within(widget).getByRole('button', { name: 'Kikapu (0)' })).toBeTruthy();
    expect(within(widget).getByRole('button', { name: 'Funga chat' })).toBeTruthy();
    expect(within(widget).getByRole('link', { name: 'Fungua msaidizi kwenye ukurasa mzima' })).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Mwandikie msaidizi wa ununuzi' });
    expect(input.getAttribute('placeholder')).toBe('Andika ujumbe: unga wa ugali, mchele, mafuta ya kupikia…');
    expect(screen.getByRole('form', { name: 'Tuma ujumbe' })).toBeTruthy();
    // The assistant's own suggestions come in its language and are sent as they read.
    fireEvent.click(within(screen.getByRole('group', { name: 'Mapendekezo' })).getByRole('button', { name: 'Msaada' }));
    await log().findByText('Samahani, sijakuelewa vizuri.');
    expect(calls.at(-1)!.body.message).toBe('Msaada');
    expect(lastBubble()).toBe('Wewe: Msaada');
  });

  it("adds from a product card and the cart in the assistant's words, the shopper reading Swahili", async () => {
    storeCart([line(OIL, 2)]);
    const calls = chatServer({ answer: swahiliAssistant });
    renderWidget({ i18n: await inSwahili() });
    await log().findByText(GREETING_SW);
    await type('nataka unga');
    await log().findByText('Nimepata hizi kwa "unga":');

    const card = screen.getByTestId('chat-product');
    expect(within(card).getByText(/^KES 179\.50/).textContent).toBe('KES 179.50 Kwa ofa: KES 165.00');
    expect(within(screen.getByRole('list', { name: 'Bidhaa' })).getByText('Weka kwenye kikapu')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: `Weka kwenye kikapu: ${MAIZE.name}` }));
    await log().findByText(`${MAIZE.name} imeongezwa kwenye kikapu`);
    expect(calls.at(-1)!.body.message).toBe(`Add ${MAIZE.name} to cart`);
    expect(lastBubble()).toBe(`Wewe: Ongeza ${MAIZE.name} kwenye kikapu`);

    fireEvent.click(screen.getByRole('button', { name: 'Kikapu (3)' }));
    const cart = within(screen.getByTestId('chat-cart'));
    expect(cart.getByRole('heading', { name: 'Kikapu chako (3)' })).toBeTruthy();
    expect(cart.getByText('Jumla ndogo')).toBeTruthy();
    expect(cart.getByTestId('chat-cart-subtotal').textContent).toBe('KSh 3,065.00');
    expect(cart.getByRole('button', { name: `Punguza ${OIL.name} moja` })).toBeTruthy();
    expect(cart.getAllByRole('button', { name: /^Ondoa .+ kwenye kikapu$/ })).toHaveLength(2);
    fireEvent.click(cart.getByRole('button', { name: `Ongeza ${OIL.name} moja zaidi` }));
    fireEvent.click(screen.getByRole('button', { name: '← Rudi kwenye mazungumzo' }));
    await log().findByText(`Idadi ya ${OIL.name} imebadilishwa`);
    expect(calls.at(-1)!.body.message).toBe(`Add 1 more ${OIL.name} to cart`);
    expect(lastBubble()).toBe(`Wewe: Ongeza ${OIL.name} moja zaidi`);
  });

  it('checks out in Swahili: Lipia, the agree button, places, the address form and the payment box send what the assistant understands', async () => {
    storeCart([line(OIL, 2)]);
    const calls = chatServer({ answer: swahiliAssistant });
    renderWidget({ i18n: await inSwahili() });
    await log().findByText(GREETING_SW);

    fireEvent.click(screen.getByRole('button', { name: 'Kikapu (2)' }));
    fireEvent.click(within(screen.getByTestId('chat-cart')).getByRole('button', { name: 'Lipia' }));
    await log().findByText(TERMS_SW);
    expect(calls.at(-1)!.body.message).toBe('Checkout');
    expect(lastBubble()).toBe('Wewe: Lipia');

    // The terms: a Swahili link and one Swahili agree button, which sends the spec's agreement.
    const agreement = within(screen.getByRole('group', { name: 'Vigezo na masharti' }));
    expect(screen.getByRole('group', { name: 'Vigezo na masharti' }).textContent).toBe(
      'Tafadhali soma vigezo na masharti vyetu kabla ya kuagiza.Nakubali vigezo na masharti',
    );
    expect(agreement.getByRole('link', { name: 'vigezo na masharti' }).getAttribute('href')).toBe('/terms');
    expect(screen.queryByRole('button', { name: CHAT_TERMS_AGREE_MESSAGE })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Nakubali vigezo na masharti' })).toHaveLength(1);
    fireEvent.click(agreement.getByRole('button', { name: 'Nakubali vigezo na masharti' }));
    await log().findByText('Tukuletee kaunti gani?');
    expect(calls.at(-1)!.body.message).toBe(CHAT_TERMS_AGREE_MESSAGE);
    expect(lastBubble()).toBe('Wewe: Nakubali vigezo na masharti');

    const county = screen.getByRole('combobox', { name: 'Kaunti' });
    expect(within(county).getAllByRole('option')[0]!.textContent).toBe('Chagua kaunti yako');
    fireEvent.change(county, { target: { value: String(MOMBASA.id) } });
    await log().findByText('Mombasa, sawa. Kaunti ndogo gani?');
    fireEvent.change(screen.getByRole('combobox', { name: 'Kaunti ndogo' }), { target: { value: String(NYALI.id) } });
    await log().findByText('Nyali. Tafadhali jaza anwani ya kukuletea.');

    const form = within(screen.getByRole('form', { name: 'Anwani ya kuletewa' }));
    expect(form.getByText('Maelezo ya kukuletea')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Thibitisha anwani' }));
    expect(form.getByRole('alert').textContent).toBe('Tafadhali jaza sehemu zote za anwani zinazohitajika');
    const field = (name: RegExp) => form.getByRole('textbox', { name });
    fireEvent.change(field(/^Jina la kwanza/), { target: { value: 'Wanjiru' } });
    fireEvent.change(field(/^Jina la mwisho/), { target: { value: 'Kamau' } });
    fireEvent.change(field(/^Nambari ya simu/), { target: { value: '0712 34' } });
    fireEvent.change(field(/^Barua pepe/), { target: { value: 'wanjiru@example.com' } });
    fireEvent.change(field(/^Anwani ya mtaa/), { target: { value: 'Links Road 4' } });
    fireEvent.change(field(/^Mji/), { target: { value: 'Mombasa' } });
    expect(field(/^Jengo au nyumba \(si lazima\)/)).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Thibitisha anwani' }));
    expect(form.getByRole('alert').textContent).toBe('Nambari ya simu lazima iwe na tarakimu 10');
    fireEvent.change(field(/^Nambari ya simu/), { target: { value: '+254 712 345 678' } });
    fireEvent.click(form.getByRole('button', { name: 'Thibitisha anwani' }));
    await log().findByText(`Asante! Oda yako ${ORDER_NUMBER} imewekwa.`);
    expect(calls.at(-1)!.body).toMatchObject({
      message: `${MOMBASA.id}:${NYALI.id}:Links Road 4:Mombasa:`,
      contact: { first_name: 'Wanjiru', last_name: 'Kamau', phone: '0712345678', email: 'wanjiru@example.com' },
    });

    // The payment box: Swahili words, the price as the shop writes it.
    const box = within(screen.getByRole('group', { name: `Malipo ya oda ${ORDER_NUMBER}` }));
    expect(box.getByText('Nambari ya oda:')).toBeTruthy();
    expect(box.getByRole('link', { name: 'Lipa KSh 2,900.00 sasa' }).getAttribute('href')).toBe(PAYMENT_URL);
    expect(box.getByText(/^Utalipa kwenye ukurasa salama wa malipo/)).toBeTruthy();
    fireEvent.click(box.getByRole('button', { name: 'Jaribu tena' }));
    await log().findByText(`Huu hapa ukurasa wa malipo wa oda yako ${ORDER_NUMBER} tena.`);
    expect(calls.at(-1)!.body.message).toBe('Try again');
    expect(lastBubble()).toBe('Wewe: Jaribu tena');
  });

  it("says the widget's own error in Swahili, and Jaribu tena sends the message again", async () => {
    let down = true;
    const calls = chatServer({
      answer: (body) => (down && body.message === 'nataka unga' ? respond(503, { message: 'down' }) : swahiliAssistant(body)),
    });
    renderWidget({ i18n: await inSwahili() });
    await log().findByText(GREETING_SW);
    await type('nataka unga');
    await log().findByText('Samahani, kumetokea hitilafu tulipokuwa tukishughulikia ujumbe wako. Tafadhali jaribu tena.');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Jaribu tena' }));
    await log().findByText('Nimepata hizi kwa "unga":');
    expect(calls.map((call) => call.body.message)).toEqual(['Habari', 'nataka unga', 'nataka unga']);
  });

  it('shows /chat in Swahili: title, heading, the cart beside the conversation and the minimum order', async () => {
    storeCart([line(MAIZE, 1)]);
    chatServer({ answer: swahiliAssistant });
    renderChatPage({ i18n: await inSwahili() });
    expect(screen.getByRole('heading', { level: 1, name: 'Msaidizi wa Ununuzi' })).toBeTruthy();
    await screen.findByText(GREETING_SW);
    await act(async () => undefined);
    expect(document.title).toBe('Msaidizi wa Ununuzi | Shwari Shop');
    const cart = within(screen.getByRole('complementary', { name: 'Kikapu chako' }));
    expect(cart.getByRole('heading', { level: 2, name: 'Kikapu chako (1)' })).toBeTruthy();
    expect(cart.getByText('Kiwango cha chini cha oda ni KSh 1,930')).toBeTruthy();
  });
});

describe("the chat's catalog", () => {
  it('has every id the code uses, each translated into Swahili with the same arguments', () => {
    expect(catalogProblems({ en, translations: { sw }, sourceDir: `${__dirname}/..` })).toEqual([]);
  });

  it("says the spec's messages in English word for word", () => {
    expect(serverMessageProblems(SERVER_MESSAGE_RULES, en)).toEqual([]);
  });
});
