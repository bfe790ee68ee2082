/**
 * The English messages the checkout shows from the services (and the spec's messages it shows
 * itself), each with the catalog id that says it in another language. The services keep answering
 * these words; serverMessageProblems (in the tests) keeps each `server.*` entry of en.json equal to them.
 */
import { ACCOUNT_MESSAGES, CHECKOUT_MESSAGES, MINIMUM_ORDER_MESSAGE, ORDER_MESSAGES, TERMS_REQUIRED_MESSAGE } from '@shop/api-types';
import type { ServerMessageRule } from '@shop/store-kit';
import { PAYMENT_MESSAGES } from '../checkout/paymentMessages';
import type en from './locales/en.json';

type ServerId = Extract<keyof typeof en, `server.${string}`>;
type Rule = ServerMessageRule<ServerId>;

/** A KSh amount as the services write it ('KSh 1,930.00'). */
const KSH = String.raw`KSh [\d,]+\.\d{2}`;

export const SERVER_MESSAGE_RULES: readonly Rule[] = [
  // The spec's field messages: the orders service answers them and the form checks them alike.
  ...(Object.entries(CHECKOUT_MESSAGES) as Array<[keyof typeof CHECKOUT_MESSAGES, string]>).map(([key, english]): Rule => [
    english,
    `server.${key}`,
  ]),
  [ORDER_MESSAGES.invalidCoupon, 'server.invalidCoupon'],
  [ORDER_MESSAGES.couponApplied, 'server.couponApplied'],
  [ORDER_MESSAGES.couponFailed, 'server.couponFailed'],
  [ORDER_MESSAGES.orderFailed, 'server.orderFailed'],
  [ORDER_MESSAGES.checkPayment, 'server.checkPayment'],
  [ORDER_MESSAGES.orderNotFound, 'server.orderNotFound'],
  [ORDER_MESSAGES.orderAlreadyPaid, 'server.orderAlreadyPaid'],
  [ORDER_MESSAGES.orderCancelled, 'server.orderCancelled'],
  [TERMS_REQUIRED_MESSAGE, 'server.termsRequired'],
  [MINIMUM_ORDER_MESSAGE, 'server.minimumOrder'],
  [ACCOUNT_MESSAGES.invalidPoints, 'server.invalidPoints'],
  [ACCOUNT_MESSAGES.notEnoughPoints, 'server.notEnoughPoints'],
  [ACCOUNT_MESSAGES.subCountyMismatch, 'server.subCountyMismatch'],
  [ACCOUNT_MESSAGES.unauthenticated, 'server.unauthenticated'],
  // The orders service's checkout (services/orders/src/checkout).
  ['Sign in to redeem Shwari Points.', 'server.signInForPoints'],
  ['You cannot redeem more points than the order total.', 'server.pointsAboveTotal'],
  [PAYMENT_MESSAGES.placeUnavailable, 'server.placeUnavailable'],
  [new RegExp(`^Prices have changed: (?<name>.+) is now (?<price>${KSH})\\. Please review your cart\\.$`), 'server.pricesChanged'],
  [/^Product (?<id>\d+) is no longer available\.$/, 'server.productGone'],
  [/^The quantity of (?<name>.+) must be between (?<min>\d+) and (?<max>\d+)\.$/, 'server.quantityRange'],
  [new RegExp(`^The order total is now (?<total>${KSH})\\. Please review your cart\\.$`), 'server.totalChanged'],
  // Its payments (services/orders/src/payments): the M-Pesa results and the simulator's.
  ['This order has already been paid.', 'server.alreadyPaid'],
  ['This order can no longer be paid.', 'server.notPayable'],
  ['The payment service is not available right now. Please try again.', 'server.providerDown'],
  ['M-Pesa payments are not available right now.', 'server.mpesaOff'],
  ['The transaction is being processed', 'server.stillProcessing'],
  ['The payment was not completed.', 'server.notCompleted'],
  ['This payment cannot be checked right now.', 'server.cannotCheck'],
  ['The payment could not be checked right now.', 'server.couldNotCheck'],
  ['The payment was declined (simulated).', 'server.declinedSimulated'],
  ['The payment was cancelled by the shopper (simulated).', 'server.cancelledSimulated'],
  ['The balance is insufficient for the transaction.', 'server.mpesaBalance'],
  ['Another M-Pesa transaction is in progress on this phone.', 'server.mpesaBusy'],
  ['The transaction expired.', 'server.mpesaExpired'],
  ['The payment prompt could not be sent.', 'server.mpesaNotSent'],
  ['The request was cancelled by the user.', 'server.mpesaCancelled'],
  ['The phone could not be reached (timeout).', 'server.mpesaUnreachable'],
  ['The M-Pesa PIN entered was wrong.', 'server.mpesaWrongPin'],
  // The checkout's own, shown where the services' are.
  [PAYMENT_MESSAGES.enterPin, 'server.enterPin'],
  [PAYMENT_MESSAGES.paid, 'server.paid'],
  [PAYMENT_MESSAGES.mpesaFailed, 'server.mpesaFailed'],
  [PAYMENT_MESSAGES.pushFailed, 'server.pushFailed'],
  [PAYMENT_MESSAGES.hostedFailed, 'server.hostedFailed'],
  [PAYMENT_MESSAGES.orderFailed, 'server.orderNotPlaced'],
  [PAYMENT_MESSAGES.orderRejected, 'server.orderRejected'],
  // The service kit's 422 without a field message, and the store kit's fallback for an answer without one.
  ['The given data was invalid.', 'server.invalidData'],
  ['Something went wrong. Please try again.', 'server.somethingWrong'],
];
