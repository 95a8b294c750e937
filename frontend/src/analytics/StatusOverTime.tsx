import { LineChart } from '@mui/x-charts/LineChart';
import { CLAIM_STATUSES, type StatusCountPoint } from '@cc/contracts';
import { formatDateTime } from '../claims/format';
import { ChartCard } from './ChartCard';
import { FiguresTable } from './FiguresTable';
import { heldUntil, statusName } from './format';
import { timeAxis } from './timeAxis';

/** How many claims were in each status after every filing and status change. */
export function StatusOverTime({ points, now }: { points: readonly StatusCountPoint[]; now: string }) {
  const drawn = heldUntil(
    now,
    points.map((p) => p.at),
    CLAIM_STATUSES.map((status) => points.map((p) => p.counts[status])),
  );
  const last = points.at(-1);
  const current = last ? CLAIM_STATUSES.map((s) => `${last.counts[s]} ${statusName(s)}`).join(', ') : '';
  return (
    <ChartCard
      title="Claims by status over time"
      testId="analytics-status"
      description="Each step is a claim filed or a status change, from your claims’ histories."
      summary={`Claims by status after each change; now ${current}.`}
      empty={points.length === 0 ? 'No claims yet: file a claim in the Claims Tracker and its progress shows here.' : undefined}
      chart={
        <LineChart
          height={300}
          xAxis={[timeAxis(drawn.times)]}
          yAxis={[{ label: 'Claims', tickMinStep: 1 }]}
          series={CLAIM_STATUSES.map((status, i) => ({
            data: drawn.columns[i]!,
            label: statusName(status),
            curve: 'stepAfter' as const,
          }))}
        />
      }
      table={
        <FiguresTable
          caption="Claims in each status after each change"
          columns={['When', ...CLAIM_STATUSES.map(statusName)]}
          rows={points.map((p) => [formatDateTime(p.at), ...CLAIM_STATUSES.map((s) => p.counts[s])])}
        />
      }
    />
  );
}
