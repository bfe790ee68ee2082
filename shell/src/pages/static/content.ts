/**
 * The shop's policies, written from the business rules of the storefront spec (section 9):
 * refunds, returns, exchanges, delivery, cancellation, payment and age.
 */
export type PolicyPage = 'return-policy' | 'privacy-policy' | 'terms';

interface Policy {
  title: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

export const FAQS: Array<{ question: string; answer: string }> = [
  {
    question: 'How much does delivery cost?',
    answer: 'Nothing. Delivery is free countrywide, to all 47 counties, whatever the size of your order.',
  },
  {
    question: 'How long does delivery take?',
    answer:
      'We deliver within 24 to 48 hours of your order. Our rider makes two delivery attempts; an order that is still not collected 5 days after the first attempt is cancelled.',
  },
  {
    question: 'How can I pay?',
    answer:
      'Payment is online only: M-Pesa, Airtel Money, or a debit or credit card on our secure payment page. We do not take cash on delivery.',
  },
  {
    question: 'Is there a minimum order?',
    answer: 'Yes. The minimum order is KSh 1,930 after discounts, so that free delivery stays free for everyone.',
  },
  {
    question: 'My order is late. Can I cancel it?',
    answer: 'Yes. If your order is delayed by more than 4 days you may cancel it and we will refund you in full.',
  },
  {
    question: 'Can I get a refund?',
    answer:
      'We do not give cash refunds, except when you have paid twice for the same order. A double payment is refunded within 24 to 72 hours.',
  },
  {
    question: 'What can I return?',
    answer:
      'You can return a product if we delivered the wrong product, if it has expired, or if its packaging is damaged. We exchange it within 24 to 48 hours.',
  },
  {
    question: 'What are Shwari Points?',
    answer:
      'Shwari Points are our loyalty points. You earn 20 points when you register, and more on paid orders; you can redeem them at checkout.',
  },
  {
    question: 'Who can shop here?',
    answer: 'Our shop is for adults: you must be 18 or older to place an order.',
  },
];

export const POLICIES: Record<PolicyPage, Policy> = {
  'return-policy': {
    title: 'Return Policy',
    sections: [
      {
        heading: 'Refunds',
        paragraphs: [
          'We do not give cash refunds, with one exception: if you paid twice for the same order, the double payment is refunded to the account you paid from within 24 to 72 hours.',
        ],
      },
      {
        heading: 'Returns',
        paragraphs: [
          'We accept returns only when we delivered the wrong product, the product has expired, or its packaging is damaged. Tell us on delivery or as soon as you notice, and keep the product and its packaging.',
        ],
      },
      {
        heading: 'Exchanges',
        paragraphs: ['An accepted return is exchanged for the right, fresh or undamaged product within 24 to 48 hours.'],
      },
      {
        heading: 'Delivery and cancellation',
        paragraphs: [
          'Delivery is free countrywide and takes 24 to 48 hours. We make two delivery attempts; an order not collected within 5 days is cancelled.',
          'If your order is delayed by more than 4 days you may cancel it.',
        ],
      },
    ],
  },
  'privacy-policy': {
    title: 'Privacy Policy',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          "To deliver your order we keep your name, phone number, email address and delivery address, and the products you buy. Payment details are entered on the payment provider's secure page; we never see or store your card number or M-Pesa PIN.",
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'We use your details to process and deliver orders, to keep your Shwari Points balance, and to answer your questions. We do not sell your data.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You can update your profile and addresses in My Account at any time, and ask us to delete your account. Our shop is not for anyone under 18 and we do not knowingly collect data about children.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms and Conditions',
    sections: [
      {
        heading: 'Who may buy',
        paragraphs: ['Our service is not for anyone under 18. By placing an order you confirm that you are 18 or older.'],
      },
      {
        heading: 'Prices and payment',
        paragraphs: [
          'Prices are in Kenya Shillings and include VAT where it applies. Payment is online only, by M-Pesa, Airtel Money, or debit or credit card. The minimum order is KSh 1,930 after discounts.',
        ],
      },
      {
        heading: 'Delivery',
        paragraphs: [
          'Delivery is free countrywide within 24 to 48 hours. We make two delivery attempts; an order not collected within 5 days is cancelled. An order delayed by more than 4 days may be cancelled by you.',
        ],
      },
      {
        heading: 'Refunds and returns',
        paragraphs: [
          'No cash refunds, except for double payments, which are refunded within 24 to 72 hours. Returns are accepted for a wrong product, an expired product or damaged packaging, and exchanged within 24 to 48 hours.',
        ],
      },
    ],
  },
};
