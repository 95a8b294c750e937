import type { XAxis } from '@mui/x-charts/models';
import { momentText } from './format';

/**
 * The x axis of a chart over time: ticks as the time scale labels them (a day, a month, or the time
 * of day when everything happened on one day), the tooltip with the date and time.
 */
export function timeAxis(times: readonly string[]): XAxis<'time'> {
  return {
    data: times.map((t) => new Date(t)),
    scaleType: 'time',
    // Few ticks: a phone's width holds about five labels.
    tickNumber: 5,
    valueFormatter: (value: Date, context) => (context.location === 'tick' ? context.defaultTickLabel : momentText(value)),
  };
}
