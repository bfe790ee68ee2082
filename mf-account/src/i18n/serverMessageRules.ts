/**
 * The services' messages the account screens show (toasts, field errors, order notes), each with
 * the account catalog's id that says it in another language: loaded with the Swahili catalog
 * (index.ts), so an English page does not download them. The English catalog entries are the
 * server's words (serverMessageProblems checks them).
 */
import { ACCOUNT_MESSAGES } from '@shop/api-types';
import type { ServerMessageRule } from '@shop/store-kit';
import type en from './locales/en.json';

export const ACCOUNT_SERVER_MESSAGES: ReadonlyArray<ServerMessageRule<keyof typeof en>> = [
  [ACCOUNT_MESSAGES.invalidCredentials, 'server.invalidCredentials'],
  [ACCOUNT_MESSAGES.accountInactive, 'server.accountInactive'],
  [ACCOUNT_MESSAGES.emailTaken, 'server.emailTaken'],
  [ACCOUNT_MESSAGES.registered, 'server.registered'],
  [ACCOUNT_MESSAGES.profileUpdated, 'server.profileUpdated'],
  [ACCOUNT_MESSAGES.registerFirst, 'server.registerFirst'],
  [ACCOUNT_MESSAGES.resetCodeSent, 'server.resetCodeSent'],
  [ACCOUNT_MESSAGES.passwordReset, 'server.passwordReset'],
  [ACCOUNT_MESSAGES.resetCodeInvalid, 'server.resetCodeInvalid'],
  [ACCOUNT_MESSAGES.subCountyMismatch, 'server.subCountyMismatch'],
  [ACCOUNT_MESSAGES.currentPasswordRequired, 'server.currentPasswordRequired'],
  [ACCOUNT_MESSAGES.currentPasswordIncorrect, 'server.currentPasswordIncorrect'],
  ['We could not send the email right now. Please try again in a few minutes.', 'server.resetMailFailed'],
  [/^Too many login attempts\. Please try again in (?<seconds>\d+) seconds?\.$/, 'server.tooManyLoginsSeconds'],
  [/^Too many login attempts\. Please try again in (?<minutes>\d+) minutes?\.$/, 'server.tooManyLoginsMinutes'],
  [/^Too many reset codes requested\. Please try again in (?<minutes>\d+) minutes?\.$/, 'server.tooManyResetCodes'],
  ['Address added successfully.', 'server.addressAdded'],
  ['Address updated successfully.', 'server.addressUpdated'],
  ['Address not found.', 'server.addressNotFound'],
  ['The selected county is invalid.', 'server.countyInvalid'],
  ['The selected sub-county is invalid.', 'server.subCountyInvalid'],
  ['The first name field is required.', 'server.firstNameRequired'],
  ['The last name field is required.', 'server.lastNameRequired'],
  [/^The first name field must not be greater than (?<max>\d+) characters\.$/, 'server.firstNameTooLong'],
  [/^The last name field must not be greater than (?<max>\d+) characters\.$/, 'server.lastNameTooLong'],
  ['The email field is required.', 'server.emailRequired'],
  ['The email field must be a valid email address.', 'server.emailInvalid'],
  ['The phone field is required.', 'server.phoneRequired'],
  ['The phone field must be 10 digits.', 'server.phoneDigits'],
  ['The phone field must start with 0, e.g. 0712345678.', 'server.phoneLeadingZero'],
  ['The password field is required.', 'server.passwordRequired'],
  [/^The password field must be at least (?<min>\d+) characters\.$/, 'server.passwordTooShort'],
  ['The password field confirmation does not match.', 'server.passwordMismatch'],
  ['The password confirmation field is required.', 'server.passwordConfirmationRequired'],
  ['The code field is required.', 'server.codeRequired'],
  ['Name is required', 'server.addressNameRequired'],
  ['Email is required', 'server.addressEmailRequired'],
  ['Invalid email format', 'server.addressEmailInvalid'],
  ['Phone number is required', 'server.addressPhoneRequired'],
  ['Phone number must be 10 digits', 'server.addressPhoneDigits'],
  ['Phone number must start with 0, e.g. 0712345678', 'server.addressPhoneLeadingZero'],
  ['Street is required', 'server.addressStreetRequired'],
  ['Town is required', 'server.addressTownRequired'],
  ['County is required', 'server.addressCountyRequired'],
  ['Sub-county is required', 'server.addressSubCountyRequired'],
  // The orders service's notes on an order's status history.
  ['Order placed', 'note.orderPlaced'],
  [/^Not paid within (?<minutes>\d+) minutes$/, 'note.notPaidWithinMinutes'],
  [/^Not paid within (?<hours>\d+) hours$/, 'note.notPaidWithinHours'],
  // store-kit's apiErrorMessages says this when an answer carries no message of its own.
  ['Something went wrong. Please try again.', 'server.somethingWrong'],
];
