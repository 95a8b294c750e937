import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { AccountDataContributor } from '@cc/platform';
import { OUTBOX_FILE } from './mail/mailer';

/**
 * The e-mail log's share: the export lists the e-mails sent to the user; erasure removes the log's
 * rows (they hold the address and subjects in the clear) and the outbox files.
 */
export function emailAccountData(knex: Knex, outboxDir: string): AccountDataContributor {
  return {
    name: 'emails',
    describes: 'emails.json: the e-mails the app sent you (when, what about, the subject).',
    async export(userId, into) {
      const rows = await knex('email_deliveries')
        .where({ user_id: userId, status: 'sent' })
        .orderBy('sent_at')
        .select('kind', 'to_address', 'subject', 'sent_at');
      into.json(
        'emails.json',
        rows.map((r) => ({ kind: r.kind, to: r.to_address, subject: r.subject, sentAt: r.sent_at.toISOString() })),
      );
    },
    async erase(userId) {
      const rows: { id: string }[] = await knex('email_deliveries').where({ user_id: userId }).select('id');
      for (const { id } of rows) await fs.rm(path.join(outboxDir, OUTBOX_FILE(id)), { force: true });
      await knex('email_deliveries').where({ user_id: userId }).del();
    },
  };
}
