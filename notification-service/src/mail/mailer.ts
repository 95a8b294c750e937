import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { RenderedEmail } from '../templates/layout';

export interface OutgoingEmail extends RenderedEmail {
  to: string;
}

/** Where e-mail goes: real SMTP (`SMTP_URL`) or, embedded, `.eml` files in `DATA_DIR/outbox`. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /**
   * Sends one message. `id` is stable for one message (a UUID derived from its delivery key): it
   * becomes the Message-ID, so a message sent again after a crash is recognisably the same one, and
   * names the outbox file, so there it replaces itself.
   */
  send(email: OutgoingEmail, id: string): Promise<{ messageId: string }>;
  close(): void;
}

const messageIdOf = (id: string, from: string) => `<${id}@${/@([^>\s]+)/.exec(from)?.[1] ?? 'claims-copilot.local'}>`;

const mailOptions = (email: OutgoingEmail, id: string, from: string) => ({
  from,
  to: email.to,
  subject: email.subject,
  text: email.text,
  html: email.html,
  messageId: messageIdOf(id, from),
  headers: { 'Auto-Submitted': 'auto-generated' },
});

/** SMTP through nodemailer; the URL carries host, port, credentials and TLS (`smtps://`, `?secure=`). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(email, id) {
      const info = await transport.sendMail(mailOptions(email, id, from));
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

export const OUTBOX_FILE = (id: string) => `${id}.eml`;

/**
 * The embedded default: nodemailer builds the same RFC 5322 message it would send, and it is
 * written to `<dir>/<id>.eml` through a temporary file and a rename, so a file is whole or absent
 * and writing the same message again replaces it.
 */
export function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(email, id) {
      const info = await transport.sendMail(mailOptions(email, id, from));
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const target = path.join(dir, OUTBOX_FILE(id));
      const temp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temp, info.message as Buffer, { mode: 0o600 });
      await fs.rename(temp, target);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
