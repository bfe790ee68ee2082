import { z } from 'zod';
import type {
  AccountRole,
  Address,
  AddressSavedResponse,
  AdminSessionResponse,
  County,
  CustomerProfile,
  LoginResponse,
  MessageResponse,
  PointsEntry,
  PointsHistory,
  RedeemPointsResponse,
  RegisterResponse,
  TokenIntrospection,
} from '../accounts';
import type { Agree, Same } from './answerChecks';

/**
 * The accounts service's answers as schemas, for its OpenAPI document (GET /api/docs/customers) and
 * the contract tests that hold the remotes' fixtures and the other services' clients to it. The
 * types in ../accounts.ts stay the one definition the code uses: the checks at the end fail the
 * typecheck when the two disagree.
 */
export const messageAnswerSchema = z.strictObject({ message: z.string() });

const role = z.enum(['customer', 'staff'] satisfies AccountRole[]);
const loginUser = z.strictObject({ first_name: z.string(), last_name: z.string(), email: z.string() });

export const registerAnswerSchema = z.strictObject({ status: z.literal(201), message: z.string() });
export const loginAnswerSchema = z.strictObject({ token: z.string(), user: loginUser, role, expires_at: z.string() });
export const adminSessionAnswerSchema = z.strictObject({
  user: loginUser,
  role: z.literal('staff'),
  expires_at: z.string(),
  csrf_token: z.string(),
});

const loyaltyPoints = z.strictObject({ current_balance: z.number().int() });
export const customerProfileAnswerSchema = z.strictObject({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  photo: z.string().nullable(),
  loyalty_points: loyaltyPoints,
});
export const redeemPointsAnswerSchema = z.strictObject({ message: z.string(), points: loyaltyPoints });

export const pointsEntryAnswerSchema = z.strictObject({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  reference: z.string().nullable(),
  created_at: z.string(),
});
export const pointsHistoryAnswerSchema = z.strictObject({ current_balance: z.number().int(), entries: z.array(pointsEntryAnswerSchema) });

/**
 * POST /internal/points/earn, /redeem, /refund and /reverse-earn: the ledger row written for the
 * reference (`created` false when it was written by an earlier call) and the balance after it.
 */
export const pointsLedgerAnswerSchema = z.strictObject({
  created: z.boolean(),
  entry: pointsEntryAnswerSchema,
  current_balance: z.number().int(),
});
export type PointsLedgerResponse = z.infer<typeof pointsLedgerAnswerSchema>;

export const countyAnswerSchema = z.strictObject({ id: z.number().int(), name: z.string() });
export const addressAnswerSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  street_address: z.string(),
  apartment: z.string().nullable(),
  town: z.string(),
  county: countyAnswerSchema,
  sub_county: countyAnswerSchema,
});
export const addressSavedAnswerSchema = z.strictObject({ message: z.string(), address: addressAnswerSchema });

export const tokenIntrospectionAnswerSchema = z.strictObject({
  account_id: z.number().int(),
  kind: role,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  expires_at: z.string(),
});

/** GET /api/dev/outbox (JSON) and /api/dev/outbox/latest: mails as the development outbox kept them. */
export const storedMailAnswerSchema = z.strictObject({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type StoredMailAnswer = z.infer<typeof storedMailAnswerSchema>;

export type AccountAnswersAgreeWithTypes = [
  Agree<Same<z.infer<typeof messageAnswerSchema>, MessageResponse>>,
  Agree<Same<z.infer<typeof registerAnswerSchema>, RegisterResponse>>,
  Agree<Same<z.infer<typeof loginAnswerSchema>, LoginResponse>>,
  Agree<Same<z.infer<typeof adminSessionAnswerSchema>, AdminSessionResponse>>,
  Agree<Same<z.infer<typeof customerProfileAnswerSchema>, CustomerProfile>>,
  Agree<Same<z.infer<typeof redeemPointsAnswerSchema>, RedeemPointsResponse>>,
  Agree<Same<z.infer<typeof pointsEntryAnswerSchema>, PointsEntry>>,
  Agree<Same<z.infer<typeof pointsHistoryAnswerSchema>, PointsHistory>>,
  Agree<Same<z.infer<typeof countyAnswerSchema>, County>>,
  Agree<Same<z.infer<typeof addressAnswerSchema>, Address>>,
  Agree<Same<z.infer<typeof addressSavedAnswerSchema>, AddressSavedResponse>>,
  Agree<Same<z.infer<typeof tokenIntrospectionAnswerSchema>, TokenIntrospection>>,
];
