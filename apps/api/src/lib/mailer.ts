import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message is about, logged by the outbox so a developer can follow it. */
  link?: string;
};

export type Mailer = { send: (message: MailMessage) => Promise<void> };

/**
 * Email through nodemailer: SMTP when SMTP_URL is set; otherwise the outbox, which writes each message
 * as an .eml file under DATA_DIR/outbox and logs one line with recipient, subject and link.
 */
export const createMailer = (options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDirectory: string;
  log: FastifyBaseLogger;
}): Mailer => {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async ({ link: _link, ...message }) => {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async ({ link, ...message }) => {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDirectory, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
      const file = path.join(options.outboxDirectory, name);
      await writeFile(file, info.message as Buffer);
      options.log.info(
        { to: message.to, subject: message.subject, link, file },
        `mail to ${message.to}: ${message.subject}${link ? ` ${link}` : ''}`,
      );
    },
  };
};

/** Keeps messages in memory: for tests. */
export const createMemoryMailer = () => {
  const sent: MailMessage[] = [];
  return { sent, send: async (message: MailMessage) => void sent.push(message) };
};
