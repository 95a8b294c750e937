import type { Knex } from 'knex';
import type { NotificationKind } from '@cc/contracts';
import { idempotentEventId } from '@cc/platform';
import type { Mailer, OutgoingEmail } from './mailer';

export interface DeliveryRequest {
  /** Stable for one message, e.g. `event:<eventId>:welcome`: the same key is never sent twice. */
  key: string;
  userId: string | null;
  kind: NotificationKind;
  sample?: boolean;
}

export type DeliveryOutcome = 'sent' | 'already-sent';

/**
 * Sends each message at most once in effect, whatever the redeliveries:
 *
 * 1. Before sending, a row `(key, status 'sending')` is inserted; a key already `sent` ends here.
 * 2. After the mail server (or the outbox) accepted it, the row becomes `sent`.
 *
 * A crash between the two leaves `sending`, and the next delivery sends again: SMTP gives no way
 * to ask whether the message got through, and a reminder or a reset link that never arrives is
 * worse than one that arrives twice. The two copies are the same message — same Message-ID, which
 * mail systems use to drop duplicates — and in the outbox the second replaces the first (the file
 * is named after the key). Without a crash in that window, nothing is ever sent twice.
 *
 * `prepare` runs only for a message that is going to be sent: a password reset mints its token
 * there, so a redelivery of an already-sent reset does not replace the link the user has.
 */
export function emailDeliveries(knex: Knex, mailer: Mailer) {
  return {
    async deliver(request: DeliveryRequest, prepare: () => Promise<OutgoingEmail | undefined>): Promise<DeliveryOutcome | 'skipped'> {
      const existing = await knex('email_deliveries').where({ key: request.key }).first('status');
      if (existing?.status === 'sent') return 'already-sent';
      const email = await prepare();
      if (!email) return 'skipped';
      const id = idempotentEventId('email', request.key);
      await knex('email_deliveries')
        .insert({
          key: request.key,
          id,
          user_id: request.userId,
          kind: request.kind,
          to_address: email.to,
          subject: email.subject,
          sample: request.sample ?? false,
          status: 'sending',
          outbox: mailer.kind === 'outbox',
        })
        .onConflict('key')
        .merge({ attempts: knex.raw('email_deliveries.attempts + 1'), to_address: email.to, subject: email.subject });
      const { messageId } = await mailer.send(email, id);
      await knex('email_deliveries').where({ key: request.key }).update({ status: 'sent', message_id: messageId, sent_at: knex.fn.now() });
      return 'sent';
    },
  };
}

export type EmailDeliveries = ReturnType<typeof emailDeliveries>;
