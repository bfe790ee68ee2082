import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testDatabases } from '@shop/service-kit/testing';
import { loadCustomersConfig } from '../config';
import { startHarness } from '../testing/harness';
import { Outbox, SmtpMailer, createMailer } from './mailer';

describe('configuration', () => {
  it('refuses to start in production without INTERNAL_SECRET, and never seeds there', () => {
    expect(() => loadCustomersConfig({ NODE_ENV: 'production' })).toThrow('INTERNAL_SECRET');
    const production = loadCustomersConfig({ NODE_ENV: 'production', INTERNAL_SECRET: 'from-the-vault' });
    expect(production).toMatchObject({ production: true, internalSecret: 'from-the-vault', seedDemoAccounts: false });
    expect(loadCustomersConfig({}).internalSecret).toBe('dev-internal-secret');
  });

  it('keeps OWASP argon2id costs unless the environment lowers them', () => {
    expect(loadCustomersConfig({}).passwordHash).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(loadCustomersConfig({ PASSWORD_HASH_MEMORY_KIB: '1024' }).passwordHash.memoryCost).toBe(1024);
    expect(() => loadCustomersConfig({ PASSWORD_HASH_MEMORY_KIB: 'lots' })).toThrow('PASSWORD_HASH_MEMORY_KIB');
    expect(loadCustomersConfig({}).tokenTtlHours).toBe(24);
    expect(loadCustomersConfig({ CUSTOMER_TOKEN_TTL_HOURS: '8' }).tokenTtlHours).toBe(8);
  });

  it('sends through SMTP when SMTP_HOST is set, else to the outbox', () => {
    const smtp = loadCustomersConfig({ SMTP_HOST: 'smtp.example.com', SMTP_SECURE: 'true', SMTP_USER: 'u', SMTP_PASSWORD: 'p' });
    expect(smtp.smtp).toEqual({ host: 'smtp.example.com', port: 465, secure: true, user: 'u', password: 'p' });
    expect(smtp.mailFrom).toBe('Shwari Shop <no-reply@shwarimills.co.ke>');
    expect(createMailer(smtp)).toBeInstanceOf(SmtpMailer);
    expect(createMailer(loadCustomersConfig({ OUTBOX_DIR: '/tmp/x' }))).toBeInstanceOf(Outbox);
    expect(loadCustomersConfig({ OUTBOX_DIR: '/tmp/x' }).outboxDir).toBe('/tmp/x');
  });
});

describe('outbox', () => {
  it('stores one .json per mail and reads them back newest first', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    try {
      const outbox = new Outbox(dir);
      expect(await outbox.latest()).toEqual([]);
      for (let i = 0; i < 3; i += 1)
        await outbox.send({ to: i === 1 ? 'B@example.com' : 'a@example.com', subject: `mail ${i}`, text: 't', html: '<p>t</p>' });
      expect(fs.readdirSync(dir).filter((name) => name.endsWith('.json'))).toHaveLength(3);
      expect((await outbox.latest()).map((mail) => mail.subject)).toEqual(['mail 2', 'mail 1', 'mail 0']);
      expect((await outbox.latestTo('b@example.com'))?.subject).toBe('mail 1');
      expect(await outbox.latestTo('c@example.com')).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases('customers'))('dev outbox routes on $dialect', (database) => {
  it('exist in development', async () => {
    const h = await startHarness(database);
    try {
      await h.outbox.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
      const list = await h.request('GET', '/api/dev/outbox');
      expect(list.status).toBe(200);
      expect(list.body[0]).toMatchObject({
        to: 'someone@example.com',
        subject: 'Hello',
        text: 'Hi',
        html: '<p>Hi</p>',
        created_at: expect.any(String),
      });
      expect((await h.request('GET', '/api/dev/outbox/latest?to=someone@example.com')).body.subject).toBe('Hello');
      expect(await h.request('GET', '/api/dev/outbox/latest?to=nobody@example.com')).toMatchObject({ status: 404 });
      expect((await h.request('GET', '/api/dev/outbox/latest')).status).toBe(400);
    } finally {
      await h.close();
    }
  });

  it('answer only a caller on this machine: another address the gateway forwards is refused', async () => {
    const h = await startHarness(database);
    try {
      await h.outbox.send({ to: 'victim@example.com', subject: 'Your reset code', text: '123456', html: '<p>123456</p>' });
      for (const address of ['192.168.1.20', '203.0.113.9', '2001:db8::1', '127.0.0.1, 10.0.0.2']) {
        for (const url of ['/api/dev/outbox', '/api/dev/outbox/latest?to=victim@example.com']) {
          const refused = await h.request('GET', url, { headers: { 'x-forwarded-for': address } });
          expect([address, url, refused.status, refused.body]).toEqual([
            address,
            url,
            403,
            { message: 'The development outbox answers only on the machine the shop runs on.' },
          ]);
        }
      }
      // The shop's own machine (the gateway forwards 127.0.0.1 for a browser on it) still reads it.
      const local = await h.request('GET', '/api/dev/outbox/latest?to=victim@example.com', { headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect([local.status, local.body.text]).toEqual([200, '123456']);
    } finally {
      await h.close();
    }
  });

  it('do not exist in production', async () => {
    const h = await startHarness(database, { config: { production: true, internalSecret: 'prod-secret' } });
    try {
      await h.outbox.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
      expect(await h.request('GET', '/api/dev/outbox')).toMatchObject({ status: 404, body: { message: 'Not found.' } });
      expect((await h.request('GET', '/api/dev/outbox/latest?to=someone@example.com')).status).toBe(404);
      // The rest of the service is there.
      expect((await h.request('GET', '/api/site/counties')).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});
