import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { BILLING_MESSAGES, type CouponView, type PaymentIntentRefresh } from '@cc/contracts';
import { usePageTitle } from '../../common/usePageTitle';
import { useBillingConfig, useCheckoutSubscription, useRefreshBilling } from '../queries';
import { TestModeBanner } from '../TestModeBanner';
import { CouponField } from './CouponField';
import { OrderSummary } from './OrderSummary';
import { PaymentForm } from './PaymentForm';

/** Success redirects to the management tab after 3 s (doc 2 §4, §9). */
export const SUCCESS_REDIRECT_MS = 3000;
/** The paid plan's name and price when none is known (doc 2 §3). */
const DEFAULT_PLAN = { planName: 'Basic', amount: 999 };

function Centered({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, mx: 'auto', mt: { xs: 1, sm: 4 }, textAlign: 'center' }}
    >
      {children}
    </Paper>
  );
}

/** /checkout: loading, invalid, normal and success views (doc 2 §2.6). */
export function CheckoutPage() {
  usePageTitle('Checkout');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const subscriptionId = params.get('subscription_id');
  const returned = params.get('redirect_status');
  const checkout = useCheckoutSubscription(subscriptionId);
  const config = useBillingConfig();
  const refresh = useRefreshBilling();
  const [payment, setPayment] = useState<{ clientSecret: string | null; amount?: number; planName?: string }>({
    clientSecret: params.get('client_secret') ?? params.get('payment_intent_client_secret'),
  });
  const [coupon, setCoupon] = useState<CouponView | null>(null);
  const [succeeded, setSucceeded] = useState(returned === 'succeeded');

  const onSucceeded = useCallback(() => {
    setSucceeded(true);
    void refresh();
  }, [refresh]);
  const onRefreshed = useCallback((next: PaymentIntentRefresh) => setPayment(next), []);

  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => void navigate('/billing?tab=management', { replace: true }), SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);

  if (succeeded || checkout.data?.status === 'active') {
    return (
      <Centered testId="checkout-success">
        <CheckCircleOutline aria-hidden color="success" sx={{ fontSize: 56 }} />
        <Typography component="h1" variant="h2" sx={{ mt: 1 }}>
          {BILLING_MESSAGES.paymentSuccessHeading}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          Your subscription is now active. You will be taken to your subscription in a moment.
        </Typography>
        <Button component={RouterLink} to="/billing?tab=management" variant="contained" sx={{ mt: 3 }}>
          View Subscription
        </Button>
      </Centered>
    );
  }
  if (subscriptionId && (checkout.isPending || config.isPending)) {
    return (
      <Centered testId="checkout-loading">
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{BILLING_MESSAGES.loadingCheckout}</Typography>
        </Box>
      </Centered>
    );
  }
  if (!payment.clientSecret || !subscriptionId || checkout.isError || checkout.data?.status === 'canceled') {
    return (
      <Centered testId="checkout-invalid">
        <ErrorOutline aria-hidden color="error" sx={{ fontSize: 56 }} />
        <Typography component="h1" variant="h2" sx={{ mt: 1 }}>
          {BILLING_MESSAGES.invalidCheckoutTitle}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          {BILLING_MESSAGES.invalidCheckout}
        </Typography>
        <Button component={RouterLink} to="/billing" variant="contained" sx={{ mt: 3 }}>
          Back to Billing
        </Button>
      </Centered>
    );
  }

  const planName = payment.planName ?? checkout.data?.planName ?? DEFAULT_PLAN.planName;
  const total = payment.amount ?? checkout.data?.amount ?? DEFAULT_PLAN.amount;
  const subtotal = checkout.data?.subtotal ?? total;
  const applied = coupon ?? checkout.data?.coupon ?? null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 1100, mx: 'auto', width: '100%' }} data-testid="checkout-normal">
      <Box>
        <Typography component="h1" variant="h1">
          {BILLING_MESSAGES.checkoutHeading}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          You’re one step away from unlocking premium VA benefits assistance.
        </Typography>
      </Box>
      <TestModeBanner />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}>
        <OrderSummary
          planName={planName}
          interval={checkout.data?.interval ?? 'month'}
          subtotal={subtotal}
          total={total}
          coupon={applied}
        />
        {config.data ? (
          <PaymentForm
            config={config.data}
            clientSecret={payment.clientSecret}
            amount={total}
            planName={planName}
            onSucceeded={onSucceeded}
            coupon={<CouponField subscriptionId={subscriptionId} applied={applied} onApplied={setCoupon} onRefreshed={onRefreshed} />}
          />
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/dashboard" variant="outlined">
          Back to Home
        </Button>
        <Button component={RouterLink} to="/billing" variant="text">
          Cancel and go back
        </Button>
      </Box>
    </Box>
  );
}

/** Stripe returns here ({origin}/billing/success) after a payment that needed a redirect: on to /checkout with its answer. */
export function BillingSuccessRedirect() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(`/checkout?${params.toString()}`, { replace: true });
  }, [navigate, params]);
  return null;
}
