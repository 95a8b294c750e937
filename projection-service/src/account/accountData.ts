import type { Knex } from 'knex';
import { streams, type AnalysisResult, type EventDataOf } from '@cc/contracts';
import type { AccountDataContributor, EventStore, ObjectStorage, PersonalDataVault } from '@cc/platform';
import { projectEvents, type ReadModelProjector } from '../runner/projectEvents';
import { ACCOUNT_ERASED } from './erasedRows';
import { allSubscriptions } from '../billing/queries';
import { chatExportForUser } from '../chat/queries';
import { claimHistory, findClaimDetail } from '../claims/queries';
import { allNotifications } from '../notifications/queries';
import { findPreferences } from '../settings/queries';
import { findUserProfile } from '../userProfiles/queries';
import { supportExportForUser } from '../supportRequests/queries';

/** A file name that is safe inside an archive on any system. */
export function archiveFileName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 150);
  return cleaned || 'document';
}

/**
 * The read side's share of the data export: the profile and preferences, every claim with its
 * notes and full history, every document (the stored file itself) with its analyses, and the
 * notifications, the AI Copilot chat and the subscriptions. The read models erase themselves (their
 * projectors on `AccountErased`); the erasure then has every projector drop the user's rows once
 * more, after no process can open the user's data any longer: an event recorded between
 * `AccountErased` and that moment (an analysis finishing, sealed with a key still cached) was
 * projected after the first deletion, with the text opened.
 */
export function readSideAccountData(deps: {
  knex: Knex;
  store: EventStore;
  vault: PersonalDataVault;
  storage: ObjectStorage;
  now: () => Date;
  projectors: readonly ReadModelProjector[];
}): AccountDataContributor[] {
  const { knex, store, vault, storage, now } = deps;
  return [
    {
      name: 'read models',
      async erase(userId) {
        const erased = (await store.readStream(streams.account(userId))).events.find((event) => event.type === ACCOUNT_ERASED);
        if (!erased) return;
        await knex.transaction(async (trx) => {
          for (const projector of deps.projectors)
            if (projector.handles.includes(ACCOUNT_ERASED)) await projectEvents(projector, [erased], trx);
        });
      },
    },
    {
      name: 'profile',
      describes: 'profile.json: your profile as the app shows it; preferences.json: your settings and notification choices.',
      async export(userId, into) {
        into.json('profile.json', (await findUserProfile(knex, userId)) ?? null);
        into.json('preferences.json', await findPreferences(knex, userId));
      },
    },
    {
      name: 'claims',
      describes: 'claims.json: every claim with its notes, documents and full history of changes.',
      async export(userId, into) {
        const ids: { claim_id: string }[] = await knex('claims').where({ user_id: userId }).orderBy('filed_at').select('claim_id');
        const claims = [];
        for (const { claim_id: claimId } of ids) {
          const detail = await findClaimDetail(knex, userId, claimId, now());
          if (detail) claims.push({ ...detail, history: await claimHistory(knex, claimId) });
        }
        into.json('claims.json', claims);
      },
    },
    {
      name: 'chat',
      describes: 'chat.json: your AI Copilot conversations (questions, answers and their sources) and the questions asked each month.',
      async export(userId, into) {
        into.json('chat.json', await chatExportForUser(knex, userId));
      },
    },
    {
      name: 'billing',
      describes:
        'billing.json: your subscriptions (plan, amounts, dates, coupon, refunds). Card details are kept by the payment provider, never by this app.',
      async export(userId, into) {
        into.json('billing.json', await allSubscriptions(knex, userId, now()));
      },
    },
    {
      name: 'documents',
      describes: 'documents.json and documents/: every document you keep, the files themselves; analyses.json: every analysis of them.',
      async export(userId, into) {
        const rows = await knex('documents').where({ user_id: userId }).orderBy('uploaded_at').select('*');
        const documents = [];
        const analyses = [];
        for (const row of rows) {
          const path = `documents/${row.document_id}-${archiveFileName(row.file_name)}`;
          const head = await storage.head(row.object_path);
          documents.push({
            id: row.document_id,
            fileName: row.file_name,
            fileType: row.file_type,
            detectedType: row.detected_type,
            fileSize: Number(row.file_size),
            sha256: row.sha256,
            claimId: row.claim_id,
            uploadedAt: row.uploaded_at.toISOString(),
            processingStatus: row.processing_status,
            file: head ? path : null,
          });
          if (head) into.file(path, { size: head.size, open: () => storage.read(row.object_path) });
          // Every completed analysis, not only the latest the read model shows.
          const { events } = await store.readStream(streams.document(row.document_id));
          for (const event of events) {
            if (event.type !== 'DocumentAnalysisCompleted') continue;
            const data = event.data as EventDataOf<'DocumentAnalysisCompleted'>;
            const result = await vault.open<AnalysisResult>(userId, data.result);
            analyses.push({
              documentId: row.document_id,
              analysisId: data.analysisId,
              analysisType: data.analysisType,
              completedAt: event.metadata.occurredAt,
              engine: data.engine,
              result,
            });
          }
        }
        into.json('documents.json', documents);
        into.json('analyses.json', analyses);
      },
    },
    {
      name: 'support requests',
      describes: 'support-requests.json: what you wrote to support and its answers.',
      async export(userId, into) {
        into.json('support-requests.json', await supportExportForUser(knex, userId));
      },
    },
    {
      name: 'notifications',
      describes: 'notifications.json: the notifications the app showed you.',
      async export(userId, into) {
        into.json('notifications.json', await allNotifications(knex, userId));
      },
    },
  ];
}
