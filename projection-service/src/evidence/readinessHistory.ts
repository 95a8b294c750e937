import type { EvidenceStage } from '@cc/contracts';
import type { RecordedEvent } from '@cc/platform';
import type { TableDescription, TableRows } from '../runner/setBasedProjector';
import type { EvidenceRuling } from './rules';
import { inputOf, type DueMap, type DueMaps, type MapRow } from './rows';
import { BatchRulings } from './rulings';

/** One change of a claim's readiness or stage: what the analytics page draws readiness over time from. */
export interface HistoryRow {
  event_id: string;
  claim_id: string;
  user_id: string;
  readiness: number;
  stage: EvidenceStage;
  at: string;
  position_tx: string;
  position_seq: string;
}

export const historyTable: TableDescription<HistoryRow> = {
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
 * What the evidence fold keeps through one batch: the rulings made in it (each input ruled on once),
 * and each claim's map as the batch's last event that made it due left it, with its ruling (what
 * the map table gets when the batch settles).
 */
export class EvidenceBatch {
  readonly rulings = new BatchRulings();
  readonly due = new Map<string, { map: DueMap; ruling: EvidenceRuling }>();

  /** Forgets the maps of an erased owner made earlier in the batch. */
  forgetOwner(userId: string): void {
    for (const [claimId, { map }] of this.due) if (map.claim.user_id === userId) this.due.delete(claimId);
  }
}

/**
 * Rules on every map `event` made due, keeps the ruling for the batch, and records a history row
 * when its readiness or stage differs from the map as it stood before the event (as an earlier
 * event of the batch left it, or as stored). The same rows however the log is cut into batches.
 */
export function recordReadiness(
  event: RecordedEvent,
  madeDue: DueMaps,
  batch: EvidenceBatch,
  maps: TableRows<MapRow>,
  history: TableRows<HistoryRow>,
): void {
  for (const [claimId, map] of madeDue) {
    const ruling = batch.rulings.of(inputOf(map));
    const userId = map.claim.user_id;
    const before = batch.due.get(claimId)?.ruling ?? maps.where({ user_id: userId }).find((row) => row.claim_id === claimId);
    batch.due.set(claimId, { map, ruling });
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
}
