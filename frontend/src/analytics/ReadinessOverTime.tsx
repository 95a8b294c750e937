import { LineChart } from '@mui/x-charts/LineChart';
import type { ClaimReadinessSeries } from '@cc/contracts';
import { formatDateTime } from '../claims/format';
import { ChartCard } from './ChartCard';
import { FiguresTable } from './FiguresTable';
import { alignSteps, claimName, heldUntil } from './format';
import { timeAxis } from './timeAxis';

/** Each claim's evidence readiness every time its evidence map changed it. */
export function ReadinessOverTime({ series, now }: { series: readonly ClaimReadinessSeries[]; now: string }) {
  const aligned = alignSteps(series, (p) => p.readiness);
  const drawn = heldUntil(now, aligned.times, aligned.values);
  const current = series.map((s) => `${claimName(s)} ${s.points.at(-1)!.readiness}%`).join(', ');
  return (
    <ChartCard
      title="Evidence readiness over time"
      testId="analytics-readiness"
      description="How ready each claim’s evidence was, from its evidence map: it changes when a document is analysed, linked or removed, and when the claim is decided."
      summary={`Evidence readiness per claim over time; now ${current}.`}
      empty={
        series.length === 0 ? 'No evidence map yet: file a claim and upload documents to it, and its readiness shows here.' : undefined
      }
      chart={
        <LineChart
          height={300}
          xAxis={[timeAxis(drawn.times)]}
          yAxis={[{ label: 'Readiness (%)', min: 0, max: 100 }]}
          series={series.map((s, i) => ({ data: drawn.columns[i]!, label: claimName(s), curve: 'stepAfter' as const }))}
        />
      }
      table={
        <FiguresTable
          caption="Evidence readiness of each claim when it changed"
          columns={['Claim', 'When', 'Readiness', 'Stage']}
          rows={series.flatMap((s) => s.points.map((p) => [claimName(s), formatDateTime(p.at), `${p.readiness}%`, p.stage]))}
        />
      }
    />
  );
}
