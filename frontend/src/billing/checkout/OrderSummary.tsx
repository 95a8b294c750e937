import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { CouponView } from '@cc/contracts';
import { couponDiscount, formatCents } from '../format';

interface OrderSummaryProps {
  planName: string;
  interval: 'month' | 'year';
  /** The list price, and what is due today after a coupon. */
  subtotal: number;
  total: number;
  coupon: CouponView | null;
}

/** The checkout's Order Summary: plan, cycle, price, Subtotal and Total due today (doc 2 §2.6). */
export function OrderSummary({ planName, interval, subtotal, total, coupon }: OrderSummaryProps) {
  const headingId = useId();
  const row = (label: string, value: string, testId: string, strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }} data-testid={testId}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{value}</Typography>
    </Box>
  );
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="order-summary"
      sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography id={headingId} component="h2" variant="h3">
        Order Summary
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography sx={{ fontWeight: 600 }} data-testid="summary-plan">
            {planName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {interval === 'year' ? 'Yearly subscription' : 'Monthly subscription'}
          </Typography>
        </Box>
        <Typography>{formatCents(subtotal)}</Typography>
      </Box>
      <Divider />
      {row('Subtotal', formatCents(subtotal), 'summary-subtotal')}
      {coupon ? row(`Coupon (${couponDiscount(coupon)})`, `−${formatCents(subtotal - total)}`, 'summary-discount') : null}
      <Divider />
      {row('Total due today', formatCents(total), 'summary-total', true)}
      <Typography variant="body2" color="text.secondary">
        Renews every {interval} at {formatCents(subtotal)} until you cancel. Cancel any time from Billing.
      </Typography>
    </Paper>
  );
}
