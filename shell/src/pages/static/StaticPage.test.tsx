import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createI18n, LanguageProvider } from '@shop/store-kit';
import { staticPagesCatalog } from './i18n';
import StaticPage from './StaticPage';

function renderPage(page: 'faqs' | 'return-policy' | 'privacy-policy' | 'terms') {
  return render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <StaticPage page={page} />
    </MemoryRouter>,
  );
}

/** The answers a shopper can see (closed ones are hidden). */
const openAnswers = (): string[] => screen.queryAllByRole('region').map((region) => region.textContent ?? '');
const question = (name: RegExp): HTMLElement => screen.getByRole('button', { name });
const pageText = (): string => document.body.textContent?.replace(/\s+/g, ' ') ?? '';

describe('FAQs', () => {
  it('is an accordion with only one answer open at a time', () => {
    renderPage('faqs');
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeTruthy();
    const questions = screen.getAllByRole('button');
    expect(questions.length).toBeGreaterThanOrEqual(5);

    // The first answer starts open.
    expect(questions[0]!.getAttribute('aria-expanded')).toBe('true');
    expect(questions.slice(1).every((button) => button.getAttribute('aria-expanded') === 'false')).toBe(true);
    expect(openAnswers()).toEqual([expect.stringContaining('Delivery is free countrywide')]);

    // Opening another closes the first.
    fireEvent.click(question(/^How long does delivery take\?/));
    expect(question(/^How long does delivery take\?/).getAttribute('aria-expanded')).toBe('true');
    expect(question(/^How much does delivery cost\?/).getAttribute('aria-expanded')).toBe('false');
    expect(openAnswers()).toEqual([expect.stringContaining('We deliver within 24 to 48 hours of your order.')]);

    fireEvent.click(question(/^Can I get a refund\?/));
    expect(openAnswers()).toEqual([expect.stringContaining('A double payment is refunded within 24 to 72 hours.')]);
    expect(screen.getAllByRole('button').filter((button) => button.getAttribute('aria-expanded') === 'true')).toHaveLength(1);

    // Clicking the open question closes it: none open.
    fireEvent.click(question(/^Can I get a refund\?/));
    expect(openAnswers()).toEqual([]);
    expect(screen.getAllByRole('button').every((button) => button.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it('each question controls its own answer, and the answer is labelled by its question', () => {
    renderPage('faqs');
    for (const button of screen.getAllByRole('button')) {
      const answer = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(answer).not.toBeNull();
      expect(answer!.getAttribute('aria-labelledby')).toBe(button.id);
      expect(answer!.hidden).toBe(button.getAttribute('aria-expanded') !== 'true');
    }
  });

  it('answers with the business rules: delivery, uncollected orders, payment, minimum order, age', () => {
    renderPage('faqs');
    const answerTo = (name: RegExp): string => {
      fireEvent.click(question(name));
      const [text] = openAnswers();
      return text ?? '';
    };
    expect(answerTo(/^How long does delivery take\?/)).toMatch(/24 to 48 hours.*two delivery attempts.*5 days/);
    expect(answerTo(/^How can I pay\?/)).toMatch(/online only: M-Pesa, Airtel Money, or a debit or credit card/);
    expect(answerTo(/^Is there a minimum order\?/)).toContain('KSh 1,930');
    expect(answerTo(/^My order is late/)).toContain('more than 4 days');
    expect(answerTo(/^What can I return\?/)).toMatch(/wrong product.*expired.*packaging is damaged.*24 to 48 hours/);
    expect(answerTo(/^Who can shop here\?/)).toContain('18 or older');
    expect(screen.getByRole('link', { name: 'return policy' }).getAttribute('href')).toBe('/return-policy');
    expect(screen.getByRole('link', { name: 'terms' }).getAttribute('href')).toBe('/terms');
  });
});

describe('policy pages', () => {
  it('Return Policy: no cash refunds except double payments (24 to 72 hours), returns, exchanges, delivery and cancellation', () => {
    renderPage('return-policy');
    expect(screen.getByRole('heading', { level: 1, name: 'Return Policy' })).toBeTruthy();
    for (const heading of ['Refunds', 'Returns', 'Exchanges', 'Delivery and cancellation']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    }
    const text = pageText();
    expect(text).toContain('We do not give cash refunds');
    expect(text).toMatch(/paid twice for the same order, the double payment is refunded .* within 24 to 72 hours/);
    expect(text).toMatch(/returns only when we delivered the wrong product, the product has expired, or its packaging is damaged/);
    expect(text).toMatch(/exchanged .* within 24 to 48 hours/);
    expect(text).toContain('Delivery is free countrywide and takes 24 to 48 hours.');
    expect(text).toContain('two delivery attempts');
    expect(text).toContain('an order not collected within 5 days is cancelled');
    expect(text).toContain('delayed by more than 4 days you may cancel it');
  });

  it('Privacy Policy: what is kept, no card numbers or PINs, and not for anyone under 18', () => {
    renderPage('privacy-policy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    const text = pageText();
    expect(text).toContain('we never see or store your card number or M-Pesa PIN');
    expect(text).toContain('We do not sell your data.');
    expect(text).toContain('not for anyone under 18');
  });

  it('Terms: under 18 excluded, online payment only, minimum order, delivery, refunds and returns', () => {
    renderPage('terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual(['Who may buy', 'Prices and payment', 'Delivery', 'Refunds and returns']);
    const text = pageText();
    expect(text).toContain('Our service is not for anyone under 18.');
    expect(text).toContain('Payment is online only, by M-Pesa, Airtel Money, or debit or credit card.');
    expect(text).toContain('The minimum order is KSh 1,930 after discounts.');
    expect(text).toContain('Delivery is free countrywide within 24 to 48 hours.');
    expect(text).toContain('an order not collected within 5 days is cancelled');
    expect(text).toContain('An order delayed by more than 4 days may be cancelled by you.');
    expect(text).toMatch(/No cash refunds, except for double payments, which are refunded within 24 to 72 hours\./);
    expect(text).toMatch(/wrong product, an expired product or damaged packaging, and exchanged within 24 to 48 hours/);
    const whoMayBuy = screen.getByRole('heading', { level: 2, name: 'Who may buy' }).parentElement!;
    expect(within(whoMayBuy).getByText(/18 or older/)).toBeTruthy();
  });
});

describe('the static pages in Swahili', () => {
  async function renderInSwahili(page: 'faqs' | 'return-policy' | 'privacy-policy' | 'terms') {
    const i18n = await createI18n('sw', [staticPagesCatalog]);
    return render(
      <LanguageProvider i18n={i18n}>
        <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <StaticPage page={page} />
        </MemoryRouter>
      </LanguageProvider>,
    );
  }

  it('FAQs: the questions, the open answer and the links in Swahili, the minimum order in KSh', async () => {
    await renderInSwahili('faqs');
    expect(screen.getByRole('heading', { level: 1, name: 'Maswali ya mara kwa mara' })).toBeTruthy();
    expect(openAnswers()).toEqual([expect.stringContaining('Tunaleta bure kote nchini, katika kaunti zote 47')]);
    fireEvent.click(question(/^Kuna kiwango cha chini cha oda\?/));
    expect(openAnswers()).toEqual([expect.stringContaining('KSh 1,930')]);
    expect(screen.getByRole('link', { name: 'sera yetu ya kurudisha bidhaa' }).getAttribute('href')).toBe('/return-policy');
    expect(screen.getByRole('link', { name: 'vigezo na masharti' }).getAttribute('href')).toBe('/terms');
    expect(pageText()).not.toContain('Still stuck');
  });

  it('the policies: headings and rules in Swahili', async () => {
    await renderInSwahili('terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Vigezo na masharti' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Nani anaweza kununua',
      'Bei na malipo',
      'Usafirishaji',
      'Kurudishiwa pesa na kurudisha bidhaa',
    ]);
    expect(pageText()).toContain('Oda ya chini kabisa ni KSh 1,930 baada ya punguzo.');
  });

  it('the privacy and return policies in Swahili', async () => {
    const { unmount } = await renderInSwahili('privacy-policy');
    expect(screen.getByRole('heading', { level: 1, name: 'Sera ya faragha' })).toBeTruthy();
    expect(pageText()).toContain('hatuoni wala hatuhifadhi nambari ya kadi yako au PIN yako ya M-Pesa');
    unmount();
    await renderInSwahili('return-policy');
    expect(screen.getByRole('heading', { level: 1, name: 'Sera ya kurudisha bidhaa' })).toBeTruthy();
    expect(pageText()).toContain('ndani ya saa 24 hadi 72');
  });
});
