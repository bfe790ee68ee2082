import { CHAT_TERMS_AGREE_MESSAGE, type ShopLanguage } from '@shop/api-types';

/**
 * What the widget's own controls send the assistant: the spec's English words (section 7), which it
 * understands whatever language the conversation is in and which keep that language
 * (services/chat's README); the shopper sees each control, and their own bubble, in the page's
 * language instead. A product's name is sent exactly as the catalogue writes it.
 */
export const CONTROL_MESSAGES = {
  checkout: 'Checkout',
  /** The payment box's button: a new payment attempt on the same order. */
  tryPaymentAgain: 'Try again',
  agreeToTerms: CHAT_TERMS_AGREE_MESSAGE,
  add: (name: string): string => `Add ${name} to cart`,
  addOneMore: (name: string): string => `Add 1 more ${name} to cart`,
  decrease: (name: string): string => `Decrease ${name} quantity by 1`,
  remove: (name: string): string => `Remove ${name} from cart`,
} as const;

/**
 * The message that opens a conversation (no bubble of its own). It is the one message that sets
 * the assistant's language before the shopper writes: a greeting in the page's language, so a
 * shopper on the Swahili shop is welcomed in Swahili ('Habari' is one the assistant reads as such).
 */
export const GREETINGS: Record<ShopLanguage, string> = { en: 'Hello', sw: 'Habari' };
