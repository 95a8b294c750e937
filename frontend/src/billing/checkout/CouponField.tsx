import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { BILLING_MESSAGES, type CouponView, type PaymentIntentRefresh } from '@cc/contracts';
import { ApiError } from '../../api/http';
import { useToast } from '../../toast/useToast';
import { applyCoupon, refreshPaymentIntent } from '../api';
import { couponDiscount } from '../format';

interface CouponFieldProps {
  subscriptionId: string;
  applied: CouponView | null;
  onApplied(coupon: CouponView): void;
  /** The payment after the coupon: a new client secret, amount and plan name. */
  onRefreshed(payment: PaymentIntentRefresh): void;
  disabled?: boolean;
}

/** The server's coupon message: the problem's `message` (doc 2 §7), else its detail, else the spec's text. */
function couponMessage(error: ApiError): string {
  const message = error.problem?.message;
  if (typeof message === 'string' && message) return message;
  return error.problem?.detail || BILLING_MESSAGES.invalidCoupon;
}

/** Coupon Code with Apply (doc 2 §4, §5, §8): one coupon, sent trimmed; afterwards the payment is refreshed. */
export function CouponField({ subscriptionId, applied, onApplied, onRefreshed, disabled = false }: CouponFieldProps) {
  const [code, setCode] = useState('');
  const { toast } = useToast();
  const apply = useMutation({
    mutationFn: () => applyCoupon(subscriptionId, code.trim()),
    onSuccess: async ({ coupon }) => {
      onApplied(coupon);
      try {
        onRefreshed(await refreshPaymentIntent(subscriptionId));
      } catch (error) {
        // The spec: a refresh failure is only logged; the page keeps the payment it had.
        console.error('Could not refresh the payment after the coupon', error);
      }
    },
    onError: (error) => {
      if (error instanceof ApiError)
        toast({ title: BILLING_MESSAGES.invalidCouponTitle, description: couponMessage(error), variant: 'destructive' });
      else toast({ title: 'Error', description: BILLING_MESSAGES.couponNetwork, variant: 'destructive' });
    },
  });
  const canApply = code.trim().length > 0 && !applied && !apply.isPending && !disabled;

  return (
    <Box data-testid="coupon-field">
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (canApply) apply.mutate();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <TextField
          label="Coupon Code"
          size="small"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={Boolean(applied) || apply.isPending || disabled}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'coupon-input' } }}
        />
        <Button type="submit" variant="outlined" disabled={!canApply} sx={{ flexShrink: 0, height: 40 }}>
          {apply.isPending ? 'Applying…' : 'Apply'}
        </Button>
      </Box>
      {applied ? (
        <Typography
          role="status"
          data-testid="coupon-applied"
          sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 0.75, color: 'success.main', fontWeight: 600 }}
        >
          <CheckCircle aria-hidden fontSize="small" />
          {applied.name} applied: {couponDiscount(applied)}
        </Typography>
      ) : null}
    </Box>
  );
}
