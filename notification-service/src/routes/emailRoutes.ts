import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { NOTIFICATION_KINDS, SAMPLE_EMAILS, sampleEmailBody, type OutboxMessage, type OutboxMessageDetail } from '@cc/contracts';
import {
  countList,
  isUuid,
  pageList,
  parseListQuery,
  parseOrProblem,
  problems,
  requirePermission,
  sendList,
  type SortColumns,
} from '@cc/platform';
import type { EmailDeliveries } from '../mail/deliveries';
import { OUTBOX_FILE, type Mailer } from '../mail/mailer';
import { renderEmail } from '../templates/layout';
import { renderNotification, sampleData } from '../templates/templates';

export interface EmailRoutesDeps {
  knex: Knex;
  mailer: Mailer;
  deliveries: EmailDeliveries;
  outboxDir: string;
  appUrl: string;
}

const OUTBOX_SORT_COLUMNS: SortColumns<OutboxMessage> = {
  id: 'id',
  to: 'to_address',
  subject: 'subject',
  kind: 'kind',
  sample: 'sample',
  sentAt: 'sent_at',
};

/** The outbox page's HTML view: shown in a sandboxed frame, so the message can run nothing and load nothing. */
const MESSAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'self'";

interface DeliveryRow {
  id: string;
  to_address: string;
  subject: string;
  kind: OutboxMessage['kind'];
  sample: boolean;
  sent_at: Date;
}

const toMessage = (row: DeliveryRow): OutboxMessage => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  kind: row.kind,
  sample: row.sample,
  sentAt: row.sent_at.toISOString(),
});

/** The Email Testing page (spec doc 2 §2.7), for administrators only, and the embedded outbox. */
export function emailRoutes(deps: EmailRoutesDeps): Router {
  const router = Router();
  const sent = () => deps.knex('email_deliveries').where({ status: 'sent' });

  router.post('/api/emails/send-sample', async (req, res) => {
    const auth = requirePermission(res, 'emails:send-sample');
    const { to } = parseOrProblem(sampleEmailBody, req.body);
    const samples = sampleData(deps.appUrl);
    const batch = randomUUID();
    for (const { kind } of SAMPLE_EMAILS) {
      const { email } = renderNotification(kind, samples[kind] as never, deps.appUrl);
      const rendered = renderEmail({ ...email, subject: `[Sample] ${email.subject}` }, deps.appUrl);
      await deps.deliveries.deliver({ key: `sample:${batch}:${kind}`, userId: null, kind, sample: true }, async () => ({
        to,
        ...rendered,
      }));
    }
    res.locals.ctx?.logger.info({ requestedBy: auth.userId, count: SAMPLE_EMAILS.length }, 'sample e-mails sent');
    res.json({ message: `${SAMPLE_EMAILS.length} sample emails sent to ${to}` });
  });

  /** Every message sent, newest first; in embedded mode each can be opened. */
  router.get('/api/emails/outbox', async (req, res) => {
    requirePermission(res, 'emails:outbox');
    const query = parseListQuery(req.query as Record<string, unknown>, {
      sortColumns: OUTBOX_SORT_COLUMNS,
      defaultSort: { field: 'sentAt', order: 'DESC' },
      filter: z.object({ kind: z.enum(NOTIFICATION_KINDS).optional(), sample: z.boolean().optional() }).strict(),
    });
    const base = sent()
      .where({ outbox: true })
      .modify((q) => {
        if (query.filter.kind) q.where('kind', query.filter.kind);
        if (query.filter.sample !== undefined) q.where('sample', query.filter.sample);
      });
    const count = await countList(base, OUTBOX_SORT_COLUMNS, query);
    const rows: DeliveryRow[] = await pageList(base.clone(), OUTBOX_SORT_COLUMNS, query, 'id');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Mail-Transport', deps.mailer.kind);
    sendList(res, 'emails', rows.map(toMessage), Number(count), query.range);
  });

  /** A message parsed back (mailparser is loaded at the first message opened, not at start-up). */
  const parse = async (raw: Buffer) => (await import('mailparser')).simpleParser(raw);

  const openMessage = async (id: string) => {
    if (!isUuid(id)) throw problems.notFound('Message not found.');
    const row: DeliveryRow | undefined = await sent().where({ id, outbox: true }).first();
    if (!row) throw problems.notFound('Message not found.');
    const raw = await fs.readFile(path.join(deps.outboxDir, OUTBOX_FILE(id))).catch(() => undefined);
    if (!raw) throw problems.notFound('This message is no longer in the outbox.');
    return { row, raw };
  };

  router.get('/api/emails/outbox/:id', async (req, res) => {
    requirePermission(res, 'emails:outbox');
    const { row, raw } = await openMessage(String(req.params.id));
    const parsed = await parse(raw);
    const detail: OutboxMessageDetail = { ...toMessage(row), from: parsed.from?.text ?? '', text: parsed.text ?? '' };
    res.setHeader('Cache-Control', 'no-store');
    res.json(detail);
  });

  router.get('/api/emails/outbox/:id/html', async (req, res) => {
    requirePermission(res, 'emails:outbox');
    const { raw } = await openMessage(String(req.params.id));
    const parsed = await parse(raw);
    res.setHeader('Content-Security-Policy', MESSAGE_CSP);
    // Framed by the outbox page (same origin) only.
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(typeof parsed.html === 'string' ? parsed.html : '<p>This message has no HTML part.</p>');
  });

  router.get('/api/emails/outbox/:id/raw', async (req, res) => {
    requirePermission(res, 'emails:outbox');
    const { raw } = await openMessage(String(req.params.id));
    res.setHeader('Content-Disposition', `attachment; filename="${String(req.params.id)}.eml"`);
    res.setHeader('Cache-Control', 'no-store');
    res.type('message/rfc822').send(raw);
  });

  return router;
}
