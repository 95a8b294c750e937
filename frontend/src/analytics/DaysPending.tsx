import Link from '@mui/material/Link';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import type { DaysPendingEntry, NationalAverageDaysToComplete } from '@cc/contracts';
import { formatDate } from '../claims/format';
import { ChartCard } from './ChartCard';
import { FiguresTable } from './FiguresTable';
import { againstAverage, claimName, statusName } from './format';

interface Props {
  claims: readonly DaysPendingEntry[];
  average: NationalAverageDaysToComplete;
  /** Whether the veteran tracks any claim (an empty chart says why it is empty). */
  hasClaims: boolean;
}

/** Days pending of each open claim next to VA's published national average days to complete. */
export function DaysPending({ claims, average, hasClaims }: Props) {
  return (
    <ChartCard
      title="Days pending"
      testId="analytics-days-pending"
      description={
        <>
          Days since each open claim was filed, next to VA’s national average of {average.averageDays} days to complete disability-related
          claims. That figure is for {average.periodLabel}, the latest month VA published in a dated source we could find (last updated{' '}
          {average.periodLabel};{' '}
          <Link href={average.sourceUrl} target="_blank" rel="noopener noreferrer">
            VA: after you file your claim
          </Link>
          ). It is a national average, not a prediction for your claim.
        </>
      }
      summary={`Days pending per open claim: ${claims.map((c) => `${claimName(c)} ${c.daysPending} days`).join(', ')}; national average ${average.averageDays} days (${average.periodLabel}).`}
      empty={
        claims.length > 0
          ? undefined
          : hasClaims
            ? 'No open claims: every claim you track has a decision.'
            : 'No claims yet: an open claim shows here with its days pending.'
      }
      chart={
        <BarChart
          height={300}
          xAxis={[
            { scaleType: 'band', data: claims.map((c) => `${c.claimNumber}: ${c.daysPending} d`), label: 'Claim number: days pending' },
          ]}
          yAxis={[{ label: 'Days', min: 0, max: Math.ceil(Math.max(average.averageDays, ...claims.map((c) => c.daysPending)) * 1.1) }]}
          series={[{ data: claims.map((c) => c.daysPending), label: 'Days pending' }]}
        >
          <ChartsReferenceLine
            y={average.averageDays}
            label={`National average ${average.averageDays} days`}
            lineStyle={{ strokeDasharray: '6 4' }}
          />
        </BarChart>
      }
      table={
        <FiguresTable
          caption={`Days pending per open claim; national average ${average.averageDays} days (${average.periodLabel})`}
          columns={['Claim', 'Status', 'Filed', 'Days pending', 'Against the national average']}
          rows={claims.map((c) => [
            claimName(c),
            statusName(c.status),
            formatDate(c.filedAt),
            c.daysPending,
            againstAverage(c.daysOverAverage),
          ])}
        />
      }
    />
  );
}
