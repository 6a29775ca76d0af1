import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<string>;
  close(): void;
}

export function createMailer(config: { smtpUrl: string | null; from: string; outboxDir: string }): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ from: config.from, ...message });
        return String(info.messageId);
      },
      close: () => transport.close(),
    };
  }
  // Without SMTP a fresh install can still reset passwords: the message is written out whole.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: config.from, ...message });
      await mkdir(config.outboxDir, { recursive: true });
      const file = join(
        config.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return file;
    },
    close: () => transport.close(),
  };
}
