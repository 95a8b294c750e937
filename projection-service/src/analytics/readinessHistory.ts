import type { PersonalDataVault } from '@cc/platform';
import { ACCOUNT_ERASED } from '../account/erasedRows';
import { evidenceProjector, inputOf, mapRow, type DueMap, type DueMaps } from '../evidence/projector';
import { BatchRulings } from '../evidence/rulings';
import type { EvidenceRuling } from '../evidence/rules';
import type { SetBasedProjector, TableDescription } from '../runner/setBasedProjector';

type Row = Record<string, unknown>;

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

/** One batch: its rulings, and each claim's map as its last event left it (what is due when the batch settles). */
interface HistoryBatch {
  rulings: BatchRulings;
  due: Map<string, { map: DueMap; ruling: EvidenceRuling }>;
}

/**
 * `analytics_readiness_history`: one row each time an event changes a claim's evidence readiness or
 * stage. The evidence projector keeps only the current map, and computes it once per batch, so the
 * history cannot come from its table: this projector runs the same fold over copies of its tables
 * and, after each event, takes the ruling of every map that event made due (the same rules, kept
 * for the batch by what they were made from, so an unchanged input is not ruled on twice), and
 * records it when its readiness or stage differs from the map as it stood before — the same rows
 * however the log is cut into batches. The copies' maps are written once, when the batch settles,
 * from each claim's last ruling, as the evidence projector writes its own. Its version follows the
 * evidence projector's, so new legal rules rebuild the history too.
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
    evolve(rows, event, opened, batch) {
      const { rulings, due } = batch as HistoryBatch;
      const history = rows[HISTORY]!;
      const maps = rows[COPIES.evidence_maps]!;
      if (event.type === ACCOUNT_ERASED) {
        const userId = (event.data as { userId: string }).userId;
        for (const row of history.where({ user_id: userId })) history.delete(row);
        // The evidence fold below deletes the owner's stored maps; the maps this batch made are here.
        for (const [claimId, { map }] of due) if (map.claim.user_id === userId) due.delete(claimId);
      }
      const madeDue = new Map() as DueMaps;
      evidence.evolve(
        { evidence_claims: rows[COPIES.evidence_claims]!, evidence_documents: rows[COPIES.evidence_documents]!, evidence_maps: maps },
        event,
        opened,
        madeDue,
      );
      for (const [claimId, map] of madeDue) {
        const ruling = rulings.of(inputOf(map));
        const userId = map.claim.user_id;
        // The map before this event: as an earlier event of the batch left it, or as stored.
        const before = due.get(claimId)?.ruling ?? maps.where({ user_id: userId }).find((row) => row.claim_id === claimId);
        due.set(claimId, { map, ruling });
        if (before && before.readiness === ruling.readiness && before.stage === ruling.stage) continue;
        history.put({
          event_id: event.id,
          claim_id: claimId,
          user_id: userId,
          readiness: ruling.readiness,
          stage: ruling.stage,
          at: map.at,
          position_tx: event.position.txId.toString(),
          position_seq: event.position.seq.toString(),
        });
      }
    },
    startBatch: (): HistoryBatch => ({ rulings: new BatchRulings(), due: new Map() }),
    settle(rows, batch) {
      const maps = rows[COPIES.evidence_maps]!;
      for (const { map, ruling } of (batch as HistoryBatch).due.values()) maps.put({ ...mapRow(map, ruling) });
    },
  };
}
