import type { Knex } from 'knex';
import { registerBodySchema } from '@shop/api-types';
import { fieldErrors } from '@shop/service-kit';
import { z } from 'zod';
import { isUniqueViolation } from '../db/errors';
import type { PasswordHasher } from './passwords';
import { AccountsRepository } from './repository';

/** Staff passwords are longer than customers': the back office sees every order and customer. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

const staffSchema = z.object({
  email: registerBodySchema.shape.email,
  first_name: registerBodySchema.shape.first_name,
  last_name: registerBodySchema.shape.last_name,
  phone: registerBodySchema.shape.phone.optional(),
  password: z
    .string('The password field is required.')
    .min(STAFF_PASSWORD_MIN_LENGTH, `The password field must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`)
    .max(255, 'The password field must not be greater than 255 characters.'),
});

export type StaffAccountInput = z.input<typeof staffSchema>;

export class StaffAccountError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(' '));
    this.name = 'StaffAccountError';
  }
}

/** Creates a staff account (the only way to get one in production). */
export async function createStaffAccount(
  db: Knex,
  hasher: PasswordHasher,
  input: StaffAccountInput,
): Promise<{ id: number; email: string }> {
  const parsed = staffSchema.safeParse(input);
  if (!parsed.success) throw new StaffAccountError(Object.values(fieldErrors(parsed.error.issues)).flat());
  const account = parsed.data;
  const accounts = new AccountsRepository(db);
  if (await accounts.emailTaken(account.email)) throw new StaffAccountError([`An account with the email ${account.email} already exists.`]);
  const password_hash = await hasher.hash(account.password);
  try {
    const id = await accounts.insert(db, {
      first_name: account.first_name,
      last_name: account.last_name,
      email: account.email,
      phone: account.phone ?? null,
      password_hash,
      role: 'staff',
    });
    return { id, email: account.email };
  } catch (error) {
    if (isUniqueViolation(error)) throw new StaffAccountError([`An account with the email ${account.email} already exists.`]);
    throw error;
  }
}
