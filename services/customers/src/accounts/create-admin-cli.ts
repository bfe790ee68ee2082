/**
 * `npm run create-admin -w @shop/customers-service -- --email x --first-name A --last-name B [--phone 07...]`
 * Creates a staff account. The password comes from ADMIN_PASSWORD or is asked for (twice, not
 * echoed); at least 12 characters. Runs the migrations first, never the demo seeds.
 */
import { parseArgs } from 'node:util';
import { createDatabase } from '@shop/service-kit';
import { loadCustomersConfig } from '../config';
import { prepareCustomersDatabase } from '../db/setup';
import { createStaffAccount, StaffAccountError, STAFF_PASSWORD_MIN_LENGTH } from './create-admin';
import { PasswordHasher } from './passwords';

const USAGE =
  'Usage: npm run create-admin -w @shop/customers-service -- --email admin@example.com --first-name Amina --last-name Wanjiru [--phone 0712345678]';

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) return Promise.reject(new Error('No terminal to ask for the password: set ADMIN_PASSWORD instead.'));
  return new Promise((resolve, reject) => {
    let answer = '';
    process.stdout.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else if (char >= ' ') answer += char;
      }
    };
    input.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await promptHidden(`Password (at least ${STAFF_PASSWORD_MIN_LENGTH} characters): `);
  const second = await promptHidden('Repeat the password: ');
  if (first !== second) throw new StaffAccountError(['The passwords do not match.']);
  return first;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      phone: { type: 'string' },
    },
    strict: true,
  });
  if (!values.email || !values['first-name'] || !values['last-name']) throw new StaffAccountError([USAGE]);
  const config = loadCustomersConfig();
  const password = await readPassword();
  const db = createDatabase({ service: 'customers' });
  try {
    const hasher = new PasswordHasher(config.passwordHash);
    await prepareCustomersDatabase(db, { seedDemoAccounts: false, hasher });
    const created = await createStaffAccount(db, hasher, {
      email: values.email,
      first_name: values['first-name'],
      last_name: values['last-name'],
      phone: values.phone,
      password,
    });
    console.log(`Staff account ${created.email} created (id ${created.id}).`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof StaffAccountError ? error.problems.join('\n') : error);
  process.exit(1);
});
