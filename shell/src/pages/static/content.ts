/**
 * The shop's policies, written from the business rules of the storefront spec (section 9):
 * refunds, returns, exchanges, delivery, cancellation, payment and age. The words are the shell's
 * catalog's (./locales, see ./i18n.ts), in English and Swahili; here is their order on each page.
 */
import type en from './locales/en.json';

export type PolicyPage = 'return-policy' | 'privacy-policy' | 'terms';

type MessageId = keyof typeof en;

interface Policy {
  title: MessageId;
  sections: Array<{ heading: MessageId; paragraphs: MessageId[] }>;
}

/** A question and its answer, by the topic their catalog ids share. */
const faq = <Topic extends string>(topic: Topic) => ({
  question: `static.faqs.${topic}.question` as const,
  answer: `static.faqs.${topic}.answer` as const,
});

export const FAQS = [
  faq('deliveryCost'),
  faq('deliveryTime'),
  faq('payment'),
  faq('minimumOrder'),
  faq('lateOrder'),
  faq('refund'),
  faq('returns'),
  faq('points'),
  faq('age'),
] satisfies Array<{ question: MessageId; answer: MessageId }>;

export const POLICIES: Record<PolicyPage, Policy> = {
  'return-policy': {
    title: 'static.returnPolicy.title',
    sections: [
      { heading: 'static.returnPolicy.refunds.heading', paragraphs: ['static.returnPolicy.refunds.text'] },
      { heading: 'static.returnPolicy.returns.heading', paragraphs: ['static.returnPolicy.returns.text'] },
      { heading: 'static.returnPolicy.exchanges.heading', paragraphs: ['static.returnPolicy.exchanges.text'] },
      {
        heading: 'static.returnPolicy.delivery.heading',
        paragraphs: ['static.returnPolicy.delivery.text', 'static.returnPolicy.delivery.late'],
      },
    ],
  },
  'privacy-policy': {
    title: 'static.privacyPolicy.title',
    sections: [
      { heading: 'static.privacyPolicy.collect.heading', paragraphs: ['static.privacyPolicy.collect.text'] },
      { heading: 'static.privacyPolicy.use.heading', paragraphs: ['static.privacyPolicy.use.text'] },
      { heading: 'static.privacyPolicy.choices.heading', paragraphs: ['static.privacyPolicy.choices.text'] },
    ],
  },
  terms: {
    title: 'static.terms.title',
    sections: [
      { heading: 'static.terms.whoMayBuy.heading', paragraphs: ['static.terms.whoMayBuy.text'] },
      { heading: 'static.terms.prices.heading', paragraphs: ['static.terms.prices.text'] },
      { heading: 'static.terms.delivery.heading', paragraphs: ['static.terms.delivery.text'] },
      { heading: 'static.terms.refunds.heading', paragraphs: ['static.terms.refunds.text'] },
    ],
  },
};
