/**
 * Synthetic claim and document histories for the read-model figures: the events the app writes
 * (claims filed, moved through statuses with notes, rated; documents registered and linked), with
 * their personal data sealed by the real vault, so projectors open every one of them.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { CLAIM_PROGRESS, currentVersionOf, type SealedData } from '@cc/contracts';
import type { PersonalDataVault } from '../platform/src/crypto/personalDataVault';
import type { EventStore, NewEvent } from '../platform/src/eventstore/types';

/** Events per claim history below: filed, three status changes, a rating, a document and its link. */
export const EVENTS_PER_CLAIM = 7;

interface Sealed {
  text: SealedData;
  note: SealedData;
  name: SealedData;
  digest: SealedData;
}

export interface SyntheticStream {
  streamId: string;
  events: NewEvent[];
}

export class SyntheticHistories {
  private readonly sealed = new Map<string, Sealed>();
  private claims = 0;

  private constructor(private readonly users: readonly string[]) {}

  /** `users` owners, each with a key in the vault and a few sealed texts reused across their events. */
  static async create(vault: PersonalDataVault, users: number): Promise<SyntheticHistories> {
    const histories = new SyntheticHistories(Array.from({ length: users }, () => randomUUID()));
    for (const userId of histories.users) {
      histories.sealed.set(userId, {
        text: await vault.seal(userId, { condition: 'Tinnitus', nextAction: 'Wait for the C&P exam' }),
        note: await vault.seal(userId, { note: 'Records requested from the VA medical center' }),
        name: await vault.seal(userId, { fileName: 'nexus-letter.pdf' }),
        digest: await vault.seal(userId, { sha256: '0'.repeat(64) }),
      });
    }
    return histories;
  }

  /** The next claim's stream and its document's stream, together EVENTS_PER_CLAIM events. */
  next(): SyntheticStream[] {
    const n = this.claims++;
    const userId = this.users[n % this.users.length]!;
    const sealed = this.sealed.get(userId)!;
    const claimId = randomUUID();
    const documentId = randomUUID();
    const base = { claimId, userId };
    const status = (from: keyof typeof CLAIM_PROGRESS, to: keyof typeof CLAIM_PROGRESS): NewEvent => ({
      type: 'ClaimStatusChanged',
      data: { ...base, from, to, progressPercentage: CLAIM_PROGRESS[to], note: sealed.note },
    });
    return [
      {
        streamId: `claim-${claimId}`,
        events: [
          {
            type: 'ClaimFiled',
            data: {
              ...base,
              claimNumber: `2026-${n}`,
              text: sealed.text,
              conditionType: 'primary',
              priority: 'normal',
              estimatedDecisionDate: null,
              filedAt: new Date().toISOString(),
            },
          },
          status('submitted', 'initial_review'),
          status('initial_review', 'evidence_review'),
          status('evidence_review', 'approved'),
          { type: 'ClaimRatingChanged', data: { ...base, from: null, to: 30 } },
        ],
      },
      {
        streamId: `document-${documentId}`,
        events: [
          {
            type: 'DocumentRegistered',
            data: {
              documentId,
              userId,
              name: sealed.name,
              fileType: 'application/pdf',
              detectedType: 'nexus-letter',
              fileSize: 12_345,
              objectPath: `documents/${userId}/${documentId}`,
              digest: { sealed: sealed.digest },
              claimId: null,
            },
          },
          { type: 'DocumentLinkedToClaim', data: { documentId, userId, claimId } },
        ],
      },
    ];
  }
}

/**
 * Writes `claims` synthetic histories straight into the events table in large batches (a fixture:
 * the app itself only appends through the store). Returns the number of events written.
 */
export async function writeHistories(
  knex: Knex,
  histories: SyntheticHistories,
  claims: number,
  onProgress?: (events: number) => void,
): Promise<number> {
  const perBatch = 1_000;
  let written = 0;
  for (let done = 0; done < claims; done += perBatch) {
    const columns = {
      id: [] as string[],
      stream: [] as string[],
      version: [] as number[],
      type: [] as string[],
      schema: [] as number[],
      data: [] as string[],
      metadata: [] as string[],
    };
    const occurredAt = new Date().toISOString();
    for (let i = 0; i < Math.min(perBatch, claims - done); i++) {
      for (const stream of histories.next()) {
        stream.events.forEach((event, index) => {
          columns.id.push(randomUUID());
          columns.stream.push(stream.streamId);
          columns.version.push(index + 1);
          columns.type.push(event.type);
          // Written in today's shapes, so marked with today's versions (an older one would be upcast on read).
          columns.schema.push(currentVersionOf(event.type));
          columns.data.push(JSON.stringify(event.data));
          columns.metadata.push(
            JSON.stringify({
              userId: (event.data as { userId: string }).userId,
              correlationId: randomUUID(),
              causationId: null,
              occurredAt,
            }),
          );
        });
      }
    }
    await knex.raw(
      `insert into events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
       select * from unnest(?::uuid[], ?::text[], ?::int[], ?::text[], ?::int[], ?::jsonb[], ?::jsonb[])`,
      [columns.id, columns.stream, columns.version, columns.type, columns.schema, columns.data, columns.metadata],
    );
    written += columns.id.length;
    onProgress?.(written);
  }
  return written;
}

/**
 * The same histories appended through an event store, as the app's own processes would: inline read
 * models (kept in the append's transaction) see them, which a bulk insert into `events` bypasses.
 * A few streams at a time; answers how many events were appended.
 */
export async function appendHistories(store: EventStore, histories: SyntheticHistories, claims: number): Promise<number> {
  let written = 0;
  const pending = Array.from({ length: claims }, () => histories.next()).flat();
  const worker = async () => {
    for (let stream = pending.shift(); stream; stream = pending.shift()) {
      await store.appendToStream(
        stream.streamId,
        stream.events.map((event) => ({
          type: event.type,
          data: event.data,
          metadata: { userId: (event.data as { userId: string }).userId },
        })),
        { expectedVersion: 'no_stream' },
      );
      written += stream.events.length;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return written;
}
