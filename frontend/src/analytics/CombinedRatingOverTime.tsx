import Link from '@mui/material/Link';
import { LineChart } from '@mui/x-charts/LineChart';
import type { CombinedRatingPoint } from '@cc/contracts';
import { formatDollars } from '../calculators/format';
import { formatDateTime } from '../claims/format';
import { ChartCard } from './ChartCard';
import { FiguresTable } from './FiguresTable';
import { claimName, heldUntil, stepText } from './format';
import { timeAxis } from './timeAxis';

interface Props {
  points: readonly CombinedRatingPoint[];
  basis: string;
  source: string;
  now: string;
}

/** The combined rating after each granted claim's step, and the monthly amount it pays. */
export function CombinedRatingOverTime({ points, basis, source, now }: Props) {
  const last = points.at(-1);
  const drawn = heldUntil(
    now,
    points.map((p) => p.at),
    [points.map((p) => p.combinedRating)],
  );
  /** The step a drawn point stands for (the one held until now is the last step). */
  const stepAt = (index: number) => points[Math.min(index, points.length - 1)]!;
  return (
    <ChartCard
      title="Combined rating over time"
      testId="analytics-rating"
      description={
        <>
          Your granted claims’ ratings combined by VA’s table (38 CFR 4.25) each time one was added, changed or left, and the monthly amount
          that rating pays ({basis.toLowerCase()}, the rates in effect that day;{' '}
          <Link href={source} target="_blank" rel="noopener noreferrer">
            VA’s rates with dependents
          </Link>
          ).
        </>
      }
      summary={
        last
          ? `Combined rating after each granted claim; now ${last.combinedRating}%, ${formatDollars(last.monthlyAmount)} a month.`
          : 'No granted claim with a rating yet.'
      }
      empty={
        points.length === 0
          ? 'No granted claim with a rating yet. When a claim is approved and you enter its rating, it shows here.'
          : undefined
      }
      chart={
        <LineChart
          height={300}
          xAxis={[timeAxis(drawn.times)]}
          yAxis={[{ label: 'Combined rating (%)', min: 0, max: 100 }]}
          series={[
            {
              data: drawn.columns[0]!,
              label: 'Combined rating (%)',
              curve: 'stepAfter',
              showMark: true,
              valueFormatter: (value, { dataIndex }) => {
                const point = stepAt(dataIndex);
                return `${value}% · ${formatDollars(point.monthlyAmount)} a month · ${claimName(point.step)} ${stepText(point.step.from, point.step.to)}`;
              },
            },
          ]}
        />
      }
      table={
        <FiguresTable
          caption="Combined rating after each step"
          columns={['When', 'Claim', 'Step', 'Ratings combined', 'Combined value', 'Combined rating', 'Monthly amount']}
          rows={points.map((p) => [
            formatDateTime(p.at),
            claimName(p.step),
            stepText(p.step.from, p.step.to),
            p.ratings.length ? p.ratings.map((r) => `${r}%`).join(', ') : 'none',
            p.combinedValue,
            `${p.combinedRating}%`,
            formatDollars(p.monthlyAmount),
          ])}
        />
      }
    />
  );
}
