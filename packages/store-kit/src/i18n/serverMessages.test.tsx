import { act, render, screen } from '@testing-library/react';
import { createI18n, defineCatalog } from './catalog';
import { serverMessageProblems } from './catalogCheck';
import { LanguageProvider, switchLanguage } from './language';
import { defineServerMessages, translateServerMessage, type ServerMessageRule } from './serverMessages';

const en = {
  'server.invalidCoupon': 'Invalid or expired coupon',
  'server.pricesChanged': 'Prices have changed: {name} is now {price}. Please review your cart.',
};
const sw = {
  'server.invalidCoupon': 'Kuponi si sahihi au muda wake umeisha',
  'server.pricesChanged': 'Bei zimebadilika: {name} sasa ni {price}. Tafadhali kagua kikapu chako.',
};
const rules: Array<ServerMessageRule<keyof typeof en>> = [
  ['Invalid or expired coupon', 'server.invalidCoupon'],
  [/^Prices have changed: (?<name>.+) is now (?<price>KSh [\d,]+\.\d{2})\. Please review your cart\.$/, 'server.pricesChanged'],
];
/** The rules' import(), counted: an English page must never make it. */
const loadRules = jest.fn(async () => rules);
const catalog = defineCatalog({
  name: 'server_test',
  load: { en: async () => ({ default: en }), sw: async () => ({ default: sw }) },
  serverMessages: loadRules,
});
const { useServerMessage, serverMessage } = defineServerMessages(catalog);
const PRICES_CHANGED = 'Prices have changed: Pwani Bora Cooking Oil 3L is now KSh 1,930.00. Please review your cart.';

function Message({ text }: { text: string }): JSX.Element {
  const say = useServerMessage();
  return <p>{say(text)}</p>;
}

afterEach(async () => {
  await act(async () => switchLanguage('en'));
});

describe("the server's messages in the shopper's language", () => {
  it('keeps the English the server sent, word for word, in English, without downloading the rules', () => {
    const translate = jest.fn();
    expect(translateServerMessage(PRICES_CHANGED, rules, translate, 'en')).toBe(PRICES_CHANGED);
    expect(translate).not.toHaveBeenCalled();
    render(<Message text="Invalid or expired coupon" />);
    expect(screen.getByText('Invalid or expired coupon')).toBeTruthy();
    expect(serverMessage(PRICES_CHANGED)).toBe(PRICES_CHANGED);
    expect(loadRules).not.toHaveBeenCalled();
  });

  it('says a known message, exact or by its pattern with its arguments, in Swahili; an unknown one stays as sent', async () => {
    // The rules come with the Swahili catalog, before anything is drawn with it.
    const i18n = await createI18n('sw', [catalog]);
    expect(loadRules).toHaveBeenCalledTimes(1);
    render(
      <LanguageProvider i18n={i18n}>
        <Message text="Invalid or expired coupon" />
        <Message text={PRICES_CHANGED} />
        <Message text="Something nobody translated." />
      </LanguageProvider>,
    );
    expect(screen.getByText('Kuponi si sahihi au muda wake umeisha')).toBeTruthy();
    expect(
      screen.getByText('Bei zimebadilika: Pwani Bora Cooking Oil 3L sasa ni KSh 1,930.00. Tafadhali kagua kikapu chako.'),
    ).toBeTruthy();
    expect(screen.getByText('Something nobody translated.')).toBeTruthy();
  });

  it("shows the server's English when the language's catalog lacks the message (its chunk did not arrive)", () => {
    // Lingui answers the id it has no message for; the build's English catalog has no server ids.
    const translate = (id: string) => `server_test:${id}`;
    expect(translateServerMessage('Invalid or expired coupon', rules, translate, 'sw')).toBe('Invalid or expired coupon');
    expect(translateServerMessage(PRICES_CHANGED, rules, translate, 'sw')).toBe(PRICES_CHANGED);
  });

  it('outside React (a toast), follows the page language the switch chose', async () => {
    expect(serverMessage('Invalid or expired coupon')).toBe('Invalid or expired coupon');
    await act(async () => switchLanguage('sw'));
    expect(serverMessage('Invalid or expired coupon')).toBe('Kuponi si sahihi au muda wake umeisha');
  });

  it("checks that the English catalog says the server's words and a pattern captures its message's arguments", () => {
    expect(serverMessageProblems(rules, en)).toEqual([]);
    expect(
      serverMessageProblems(
        [
          ['Invalid or expired coupon.', 'server.invalidCoupon'],
          [/^Prices have changed: (?<product>.+)$/, 'server.pricesChanged'],
          ['Order not found.', 'server.orderNotFound'],
        ],
        en,
      ),
    ).toEqual([
      '"server.invalidCoupon" says "Invalid or expired coupon" where the server says "Invalid or expired coupon."',
      '"server.pricesChanged" uses {name, price} where its pattern captures {product}',
      '"server.orderNotFound" of the server\'s "Order not found." is not in the English catalog',
    ]);
  });
});
