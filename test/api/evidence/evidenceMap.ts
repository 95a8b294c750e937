import type { EvidenceMap } from '@cc/contracts';
import { eventually } from '@cc/gateway/testing/eventually';
import type { TestClient } from '@cc/gateway/testing/testApp';

/** Reads a claim's evidence map until `ok` holds (the read model follows the events shortly after); fails with the last map read. */
export async function mapUntil(client: TestClient, claimId: string, ok: (map: EvidenceMap) => boolean): Promise<EvidenceMap> {
  const last = await eventually(
    async () => {
      const res = await client.get(`/api/claims/${claimId}/evidence`);
      return res.status === 200 ? (res.data as EvidenceMap) : undefined;
    },
    (map) => map !== undefined && ok(map),
    15_000,
  );
  if (!last || !ok(last)) throw new Error(`the map never got there: ${JSON.stringify(last)}`);
  return last;
}
