import type { PersonalDataVault } from '@cc/platform';
import { ACCOUNT_ERASED } from '../account/erasedRows';
import { evidenceProjector } from '../evidence/projector';
import type { SetBasedProjector, TableDescription, TableRows } from '../runner/setBasedProjector';

type Row = Record<string, unknown>;
type AnyRows = Readonly<Record<string, TableRows<Row>>>;

/** The evidence read model's tables, and this projector's copies of them. */
const COPIES = {
  evidence_claims: 'analytics_evidence_claims',
  evidence_documents: 'analytics_evidence_documents',
  evidence_maps: 'analytics_evidence_maps',
} as const;
const HISTORY = 'analytics_readiness_history';

const historyDescription: TableDescription<Row> = {
  key: ['event_id', 'claim_id'],
  columns: {
    event_id: 'text',
    claim_id: 'text',
    user_id: 'text',
    readiness: 'integer',
    stage: 'text',
    at: 'timestamptz',
    position_tx: 'xid8',
    position_seq: 'bigint',
  },
};

/**
 * `analytics_readiness_history`: one row each time an event changes a claim's evidence readiness or
 * stage. The evidence projector keeps only the current map, and computes it once per batch, so the
 * history cannot come from its table: this projector runs the same projector over copies of its
 * tables, one event at a time (its fold, then its settle), and records every map whose readiness or
 * stage that event changed — the same rows however the log is cut into batches. Its version follows
 * the evidence projector's, so new legal rules rebuild the history too.
 */
export function readinessHistoryProjector(vault: PersonalDataVault): SetBasedProjector {
  const evidence = evidenceProjector(vault);
  const copyOf = (table: string) => COPIES[table as keyof typeof COPIES];
  const descriptions: Record<string, TableDescription<Row>> = { [HISTORY]: historyDescription };
  for (const [table, description] of Object.entries(evidence.descriptions)) descriptions[copyOf(table)] = description;

  return {
    shape: 'set-based',
    name: 'analytics_readiness',
    version: evidence.version,
    handles: evidence.handles,
    tables: Object.keys(descriptions),
    descriptions,
    open: (event) => evidence.open(event),
    preload: (events) => evidence.preload(events),
    touches(event) {
      const touched: Record<string, readonly Row[] | undefined> = {};
      for (const [table, lookups] of Object.entries(evidence.touches(event))) touched[copyOf(table)] = lookups;
      touched[HISTORY] =
        event.type === ACCOUNT_ERASED ? [{ user_id: (event.data as { userId: string }).userId }] : [{ event_id: event.id }];
      return touched;
    },
    evolve(rows, event, opened) {
      const history = rows[HISTORY]!;
      if (event.type === ACCOUNT_ERASED) {
        for (const row of history.where({ user_id: (event.data as { userId: string }).userId })) history.delete(row);
      }
      const maps = rows[COPIES.evidence_maps]!;
      /** The maps table as the evidence projector sees it, noting each map whose readiness or stage changes. */
      const recordingMaps: TableRows<Row> = {
        get: (key) => maps.get(key),
        where: (match) => maps.where(match),
        delete: (key) => maps.delete(key),
        put(row) {
          const before = maps.get({ claim_id: row.claim_id });
          maps.put(row);
          if (before && before.readiness === row.readiness && before.stage === row.stage) return;
          history.put({
            event_id: event.id,
            claim_id: row.claim_id,
            user_id: row.user_id,
            readiness: row.readiness,
            stage: row.stage,
            at: row.updated_at,
            position_tx: event.position.txId.toString(),
            position_seq: event.position.seq.toString(),
          });
        },
      };
      const evidenceRows: AnyRows = {
        evidence_claims: rows[COPIES.evidence_claims]!,
        evidence_documents: rows[COPIES.evidence_documents]!,
        evidence_maps: recordingMaps,
      };
      const due = evidence.startBatch();
      evidence.evolve(evidenceRows, event, opened, due);
      evidence.settle(evidenceRows, due);
    },
    startBatch: () => undefined,
    settle: () => undefined,
  };
}
