import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { CustomersConfig } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends OutgoingMail {
  created_at: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** Real mail through the SMTP server of the environment (SMTP_HOST, SMTP_PORT, ...). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    settings: NonNullable<CustomersConfig['smtp']>,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}

let sequence = 0;

/**
 * Without an SMTP server (development, tests, the browser journeys) each mail is a .json file in
 * the outbox folder; the dev-only /api/dev/outbox routes read them back. File names sort by time.
 */
export class Outbox implements Mailer {
  constructor(readonly dir: string) {}

  async send(mail: OutgoingMail): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    sequence = (sequence + 1) % 1_000_000;
    const name = `${String(Date.now()).padStart(15, '0')}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.json`;
    const stored: StoredMail = { ...mail, created_at: new Date().toISOString() };
    const temporary = path.join(this.dir, `.${name}.tmp`);
    await fs.writeFile(temporary, JSON.stringify(stored, null, 2));
    await fs.rename(temporary, path.join(this.dir, name));
  }

  /** The newest mails first, at most `limit`. */
  async latest(limit = 50): Promise<StoredMail[]> {
    const mails: StoredMail[] = [];
    for (const file of await this.newestFiles()) {
      if (mails.length >= limit) break;
      const mail = await this.read(file);
      if (mail) mails.push(mail);
    }
    return mails;
  }

  /** The newest mail to an address (case-insensitive), looking through the latest 1000 mails. */
  async latestTo(address: string): Promise<StoredMail | undefined> {
    const wanted = address.trim().toLowerCase();
    for (const file of (await this.newestFiles()).slice(0, 1000)) {
      const mail = await this.read(file);
      if (mail && mail.to.toLowerCase() === wanted) return mail;
    }
    return undefined;
  }

  private async newestFiles(): Promise<string[]> {
    try {
      const names = await fs.readdir(this.dir);
      return names
        .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
        .sort()
        .reverse();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  private async read(file: string): Promise<StoredMail | undefined> {
    try {
      return JSON.parse(await fs.readFile(path.join(this.dir, file), 'utf8')) as StoredMail;
    } catch {
      return undefined;
    }
  }
}

export function createMailer(config: CustomersConfig): Mailer {
  return config.smtp ? new SmtpMailer(config.smtp, config.mailFrom) : new Outbox(config.outboxDir);
}
