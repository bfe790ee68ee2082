import {
  addressAnswerSchema,
  addressBodySchema,
  addressSavedAnswerSchema,
  adminCustomerDetailAnswerSchema,
  adminCustomersAnswerSchema,
  adminPageQuerySchema,
  adminSessionAnswerSchema,
  auditPageAnswerSchema,
  countyAnswerSchema,
  customerProfileAnswerSchema,
  forgotPasswordRequestSchema,
  idParamSchema,
  loginAnswerSchema,
  loginBodySchema,
  messageAnswerSchema,
  passwordResetBodySchema,
  pointsHistoryAnswerSchema,
  pointsLedgerAnswerSchema,
  profileUpdateBodySchema,
  redeemPointsAnswerSchema,
  redeemPointsBodySchema,
  registerAnswerSchema,
  registerBodySchema,
  staffCreateBodySchema,
  staffCreatedAnswerSchema,
  staffMemberAnswerSchema,
  storedMailAnswerSchema,
  tokenIntrospectionAnswerSchema,
} from '@shop/api-types';
import type { ContractOperation, ServiceContract } from '@shop/service-kit';
import { z } from 'zod';
import packageJson from '../package.json';
import { idParam as addressIdParam } from './addresses/routes';
import { countyParam } from './places/routes';
import {
  earnPointsBodySchema,
  redeemPointsInternalBodySchema,
  refundPointsInternalBodySchema,
  reverseEarnInternalBodySchema,
} from './points/internal-routes';

/** The address routes: the same change under two spellings each (the spec's POST forms and REST). */
const addressChanges: ContractOperation[] = [
  {
    method: 'post',
    path: '/api/addresses/update/{id}',
    summary: 'Changes a saved address.',
    params: addressIdParam,
    body: addressBodySchema,
    answer: addressSavedAnswerSchema,
  },
  {
    method: 'put',
    path: '/api/addresses/{id}',
    summary: 'Changes a saved address.',
    params: addressIdParam,
    body: addressBodySchema,
    answer: addressSavedAnswerSchema,
  },
  {
    method: 'delete',
    path: '/api/addresses/{id}',
    summary: 'Deletes a saved address.',
    params: addressIdParam,
    answer: messageAnswerSchema,
  },
  {
    method: 'post',
    path: '/api/addresses/delete/{id}',
    summary: 'Deletes a saved address.',
    params: addressIdParam,
    answer: messageAnswerSchema,
  },
];

/** What other services call to move points: 201 with the row written, 200 with the row an earlier call wrote. */
const pointsMoves: ContractOperation[] = (
  [
    ['earn', 'Credits points for a reference (once).', earnPointsBodySchema],
    ['redeem', 'Spends points for a reference (once), never below zero.', redeemPointsInternalBodySchema],
    ['refund', 'Gives back what a reference redeemed (once).', refundPointsInternalBodySchema],
    ['reverse-earn', 'Takes back what a reference credited (once).', reverseEarnInternalBodySchema],
  ] as const
).map(([name, summary, body]) => ({
  method: 'post',
  path: `/internal/points/${name}`,
  summary,
  body,
  answer: pointsLedgerAnswerSchema,
  statuses: [201, 200],
}));

/**
 * The account service's contract (GET /api/docs/customers), from the schemas its routes validate
 * with and the answers the remotes' fixtures and the other services' clients are held to.
 */
export const CUSTOMERS_CONTRACT: ServiceContract = {
  area: 'customers',
  title: 'Shwari Shop accounts',
  version: packageJson.version,
  operations: [
    {
      method: 'post',
      path: '/api/site/register',
      summary: 'Opens a customer account.',
      body: registerBodySchema,
      answer: registerAnswerSchema,
      statuses: [201],
    },
    {
      method: 'post',
      path: '/api/login',
      summary: 'Signs a customer in (a bearer token).',
      body: loginBodySchema,
      answer: loginAnswerSchema,
    },
    {
      method: 'post',
      path: '/api/admin/session',
      summary: 'Signs staff in to the back office (an HttpOnly session cookie).',
      body: loginBodySchema,
      answer: adminSessionAnswerSchema,
    },
    { method: 'post', path: '/api/logout', summary: 'Ends the session of the token sent.', answer: messageAnswerSchema },
    { method: 'post', path: '/api/admin/logout', summary: "Ends the back office's session.", answer: messageAnswerSchema },
    {
      method: 'post',
      path: '/api/forgot-password',
      summary: 'Mails a reset code, or (with the code) sets a new password.',
      body: z.union([forgotPasswordRequestSchema, passwordResetBodySchema]),
      answer: messageAnswerSchema,
    },
    { method: 'get', path: '/api/get-profile', summary: "The customer's profile and points.", answer: customerProfileAnswerSchema },
    {
      method: 'post',
      path: '/api/profile/update',
      summary: "Changes the customer's profile.",
      body: profileUpdateBodySchema,
      answer: messageAnswerSchema,
    },
    {
      method: 'post',
      path: '/api/redeem/points',
      summary: 'Redeems Shwari Points.',
      body: redeemPointsBodySchema,
      answer: redeemPointsAnswerSchema,
    },
    { method: 'get', path: '/api/points', summary: "The customer's points ledger, newest first.", answer: pointsHistoryAnswerSchema },
    {
      method: 'get',
      path: '/api/points/history',
      summary: "The customer's points ledger, newest first.",
      answer: pointsHistoryAnswerSchema,
    },
    { method: 'get', path: '/api/addresses', summary: "The customer's saved addresses.", answer: z.array(addressAnswerSchema) },
    {
      method: 'post',
      path: '/api/addresses',
      summary: 'Adds a delivery address.',
      body: addressBodySchema,
      answer: addressSavedAnswerSchema,
      statuses: [201],
    },
    ...addressChanges,
    { method: 'get', path: '/api/site/counties', summary: 'The 47 counties.', answer: z.array(countyAnswerSchema) },
    {
      method: 'get',
      path: '/api/site/counties/subcounty/{countyId}',
      summary: "A county's sub-counties.",
      params: countyParam,
      answer: z.array(countyAnswerSchema),
    },
    {
      method: 'get',
      path: '/internal/tokens/introspect',
      summary: 'Who the bearer token sent belongs to.',
      answer: tokenIntrospectionAnswerSchema,
    },
    ...pointsMoves,
    {
      method: 'get',
      path: '/api/admin/customers',
      summary: 'Customers, 15 a page.',
      query: adminPageQuerySchema,
      answer: adminCustomersAnswerSchema,
    },
    {
      method: 'get',
      path: '/api/admin/customers/view/{id}',
      summary: 'One customer with their orders.',
      params: idParamSchema,
      answer: adminCustomerDetailAnswerSchema,
    },
    {
      method: 'get',
      path: '/api/admin/customers/{id}/points',
      summary: "A customer's points ledger.",
      params: idParamSchema,
      answer: pointsHistoryAnswerSchema,
    },
    { method: 'get', path: '/api/admin/users', summary: 'Every staff member.', answer: z.array(staffMemberAnswerSchema) },
    {
      method: 'post',
      path: '/api/admin/users',
      summary: 'Adds a staff member.',
      body: staffCreateBodySchema,
      answer: staffCreatedAnswerSchema,
      statuses: [201],
    },
    {
      method: 'post',
      path: '/api/admin/users/{id}/deactivate',
      summary: 'Deactivates a staff member.',
      params: idParamSchema,
      answer: messageAnswerSchema,
    },
    {
      method: 'post',
      path: '/api/admin/users/{id}/activate',
      summary: 'Reactivates a staff member.',
      params: idParamSchema,
      answer: messageAnswerSchema,
    },
    { method: 'get', path: '/api/admin/audit/customers', summary: "Staff's account changes, newest first.", answer: auditPageAnswerSchema },
    {
      method: 'get',
      path: '/api/dev/outbox',
      summary: 'Development only: the latest mails (an HTML page to a browser).',
      answer: z.array(storedMailAnswerSchema),
    },
    {
      method: 'get',
      path: '/api/dev/outbox/latest',
      summary: 'Development only: the latest mail to an address.',
      answer: storedMailAnswerSchema,
    },
  ],
};
