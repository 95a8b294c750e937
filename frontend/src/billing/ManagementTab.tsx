import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import CreditCardOffOutlined from '@mui/icons-material/CreditCardOffOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ReactElement } from 'react';
import { BILLING_MESSAGES, MONEY_BACK_GUARANTEE_DAYS, type SubscriptionView } from '@cc/contracts';
import { errorToastText } from '../api/errorToast';
import { QueryErrorState } from '../common/QueryErrorState';
import { useToast } from '../toast/useToast';
import { cancelSubscription, openPortal, refundSubscription, resumeSubscription } from './api';
import { couponDiscount, formatCents, formatIsoDate, formatPeriodDate, statusLabel } from './format';
import { useBillingConfig, useRefreshBilling, useSubscription } from './queries';

const STATUS_LOOK: Record<string, { color: 'success' | 'default' | 'warning' | 'error'; icon: ReactElement }> = {
  active: { color: 'success', icon: <CheckCircleOutline aria-hidden /> },
  canceled: { color: 'default', icon: <EventBusyOutlined aria-hidden /> },
  past_due: { color: 'warning', icon: <ErrorOutline aria-hidden /> },
  unpaid: { color: 'error', icon: <CreditCardOffOutlined aria-hidden /> },
};

/** The management tab: the subscription status display (doc 2 §4) and what the user can do with it. */
export function ManagementTab({ onShowPlans }: { onShowPlans(): void }) {
  const subscription = useSubscription();
  if (subscription.isError) {
    return (
      <QueryErrorState
        what="your subscription"
        error={subscription.error}
        onRetry={() => void subscription.refetch()}
        retrying={subscription.isFetching}
      />
    );
  }
  if (!subscription.data) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }} role="status" aria-label="Loading your subscription">
        <Skeleton width="40%" height={36} />
        <Skeleton width="60%" />
        <Skeleton width="50%" />
      </Paper>
    );
  }
  const current = subscription.data.subscription;
  if (!current) {
    return (
      <Paper variant="outlined" data-testid="no-subscription" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <CreditCardOffOutlined aria-hidden sx={{ fontSize: 48, color: 'text.secondary' }} />
        <Typography component="h2" variant="h3" sx={{ mt: 1 }}>
          {BILLING_MESSAGES.noSubscription}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          You are on the Free plan. Choose a plan to unlock unlimited claims, uploads and document analysis.
        </Typography>
        <Button variant="contained" onClick={onShowPlans} sx={{ mt: 2.5 }}>
          View Plans
        </Button>
      </Paper>
    );
  }
  return <SubscriptionCard subscription={current} onShowPlans={onShowPlans} />;
}

type Confirm = 'cancel' | 'refund' | null;

function SubscriptionCard({ subscription, onShowPlans }: { subscription: SubscriptionView; onShowPlans(): void }) {
  const headingId = useId();
  const { toast } = useToast();
  const refresh = useRefreshBilling();
  const config = useBillingConfig();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const price = subscription.items.data[0].price;
  const look = STATUS_LOOK[subscription.status] ?? { color: 'default' as const, icon: <ErrorOutline aria-hidden /> };
  const paying = subscription.status === 'active' || subscription.status === 'past_due';
  const fail = (fallback: string) => (error: unknown) =>
    toast({ ...errorToastText(error, { title: 'Error', description: fallback }, { serverDetail: true }), variant: 'destructive' });

  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () =>
      toast({
        title: 'Subscription Cancelled',
        description: `Your plan stays active until ${formatPeriodDate(subscription.current_period_end)}.`,
      }),
    onError: fail('Failed to cancel the subscription. Please try again.'),
    onSettled: () => {
      setConfirm(null);
      return refresh();
    },
  });
  const resume = useMutation({
    mutationFn: resumeSubscription,
    onSuccess: () => toast({ title: 'Subscription Resumed', description: 'Your subscription will renew as usual.' }),
    onError: fail('Failed to resume the subscription. Please try again.'),
    onSettled: () => refresh(),
  });
  const refund = useMutation({
    mutationFn: refundSubscription,
    onSuccess: (answer) =>
      toast({
        title: 'Refund Issued',
        description: `${formatCents(answer.amountRefunded ?? 0)} will be returned to your card. You are now on the Free plan.`,
      }),
    onError: fail('Failed to refund the subscription. Please contact support.'),
    onSettled: () => {
      setConfirm(null);
      return refresh();
    },
  });
  const portal = useMutation({
    mutationFn: openPortal,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: fail(BILLING_MESSAGES.upgradeFailed),
  });

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      data-testid="subscription-card"
      sx={{ p: { xs: 2.5, sm: 3 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap' }}>
        <Box>
          <Typography id={headingId} component="h2" variant="h3">
            {price.product.name}
          </Typography>
          <Typography color="text.secondary" data-testid="subscription-price">
            {formatCents(price.unit_amount)} / {price.recurring.interval}
          </Typography>
        </Box>
        <Chip icon={look.icon} label={statusLabel(subscription.status)} color={look.color} data-testid="subscription-status" />
      </Box>
      <Divider sx={{ my: 2 }} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="subscription-dates">
        {subscription.status === 'canceled' ? (
          <Typography>Your subscription ended on {formatPeriodDate(subscription.canceled_at)}.</Typography>
        ) : subscription.cancel_at_period_end ? (
          <Alert severity="info" data-testid="ending-notice">
            Your subscription is cancelled and will end on {formatPeriodDate(subscription.current_period_end)}. You keep your plan until
            then.
          </Alert>
        ) : (
          <Typography data-testid="next-billing">
            Next billing date: <strong>{formatPeriodDate(subscription.current_period_end)}</strong>
          </Typography>
        )}
        {subscription.status === 'past_due' ? (
          <Alert severity="warning">Your last payment failed. Update your payment method to keep your plan.</Alert>
        ) : null}
        {subscription.status === 'unpaid' ? (
          <Alert severity="error">Your renewal was not paid, so your plan’s features are paused.</Alert>
        ) : null}
        {subscription.coupon ? (
          <Typography variant="body2" color="text.secondary">
            Coupon {subscription.coupon.name}: {couponDiscount(subscription.coupon)} your first payment
          </Typography>
        ) : null}
        {subscription.refundedAmount !== null ? (
          <Typography variant="body2" color="text.secondary">
            Refunded {formatCents(subscription.refundedAmount)} under the {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee.
          </Typography>
        ) : null}
        {subscription.guarantee.eligible && subscription.guarantee.until ? (
          <Typography variant="body2" color="text.secondary" data-testid="guarantee">
            {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee: you can ask for a full refund until{' '}
            {formatIsoDate(subscription.guarantee.until)}.
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 2.5 }}>
        {config.data?.provider === 'stripe' ? (
          <Button variant="contained" onClick={() => portal.mutate()} disabled={portal.isPending}>
            {portal.isPending ? 'Opening…' : 'Manage Billing'}
          </Button>
        ) : null}
        {paying && !subscription.cancel_at_period_end ? (
          <Button variant="outlined" color="error" onClick={() => setConfirm('cancel')}>
            Cancel Subscription
          </Button>
        ) : null}
        {paying && subscription.cancel_at_period_end ? (
          <Button variant="contained" onClick={() => resume.mutate()} disabled={resume.isPending}>
            {resume.isPending ? 'Resuming…' : 'Resume Subscription'}
          </Button>
        ) : null}
        {subscription.guarantee.eligible ? (
          <Button variant="text" color="error" onClick={() => setConfirm('refund')}>
            Request a Refund
          </Button>
        ) : null}
        {subscription.status === 'canceled' || subscription.status === 'unpaid' ? (
          <Button variant="contained" onClick={onShowPlans}>
            View Plans
          </Button>
        ) : null}
      </Box>

      <ConfirmDialog
        open={confirm === 'cancel'}
        title="Cancel your subscription?"
        text={`Your plan stays active until ${formatPeriodDate(subscription.current_period_end)}, then your account moves to the Free plan. You will not be charged again.`}
        confirmLabel={cancel.isPending ? 'Cancelling…' : 'Cancel Subscription'}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'refund'}
        title="Refund your subscription?"
        text={`Your ${formatCents(subscription.amountPaid ?? 0)} payment is refunded in full, your subscription ends now, and your account moves to the Free plan at once.`}
        confirmLabel={refund.isPending ? 'Refunding…' : 'Refund and Cancel'}
        busy={refund.isPending}
        onConfirm={() => refund.mutate()}
        onClose={() => setConfirm(null)}
      />
    </Paper>
  );
}

function ConfirmDialog(props: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.busy ? undefined : props.onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy}>
          Keep Subscription
        </Button>
        <Button color="error" variant="contained" onClick={props.onConfirm} disabled={props.busy}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
