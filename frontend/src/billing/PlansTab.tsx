import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { BILLING_MESSAGES, type BillingCycle, type PaidTierName } from '@cc/contracts';
import { errorToastText } from '../api/errorToast';
import { useCurrentUser } from '../auth/useCurrentUser';
import { useToast } from '../toast/useToast';
import { startCheckout } from './api';
import { planAction } from './format';
import { PlanCard } from './PlanCard';
import { usePlans } from './queries';

/** The plans tab: monthly/yearly, the three plans in tier order, Upgrade to the provider's checkout. */
export function PlansTab() {
  const plans = usePlans();
  const { user } = useCurrentUser();
  const { toast } = useToast();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const upgrade = useMutation({
    mutationFn: (tierName: PaidTierName) => startCheckout(tierName, cycle),
    // Stripe's hosted page, or the app's own /checkout in test mode.
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast({ ...errorToastText(error, { title: 'Error', description: BILLING_MESSAGES.upgradeFailed }), variant: 'destructive' }),
  });
  const contactSupport = () => toast({ title: 'Contact support', description: 'Please contact support to change to the Free plan.' });

  if (plans.isError) {
    return (
      <Alert
        severity="error"
        role="alert"
        data-testid="plans-error"
        action={
          <Button color="inherit" size="small" onClick={() => void plans.refetch()} disabled={plans.isFetching}>
            Retry
          </Button>
        }
      >
        {BILLING_MESSAGES.plansFailed}
      </Alert>
    );
  }
  if (plans.data && plans.data.length === 0) {
    return (
      <Alert severity="info" data-testid="plans-empty">
        {BILLING_MESSAGES.noPlans}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          exclusive
          value={cycle}
          onChange={(_event, value: BillingCycle | null) => value && setCycle(value)}
          aria-label="Billing cycle"
          size="small"
          color="primary"
        >
          <ToggleButton value="monthly">Monthly</ToggleButton>
          <ToggleButton value="yearly">Yearly</ToggleButton>
        </ToggleButtonGroup>
        <Chip label={BILLING_MESSAGES.saveYearly} color="success" variant={cycle === 'yearly' ? 'filled' : 'outlined'} size="small" />
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, alignItems: 'stretch' }}>
        {plans.data
          ? plans.data.map((plan) => (
              <PlanCard
                key={plan.tierName}
                plan={plan}
                cycle={cycle}
                action={planAction(user?.memberTier ?? 'free', plan.tierName)}
                busy={upgrade.isPending && upgrade.variables === plan.tierName}
                onUpgrade={() => upgrade.mutate(plan.tierName as PaidTierName)}
                onContactSupport={contactSupport}
              />
            ))
          : [0, 1, 2].map((key) => <Skeleton key={key} variant="rounded" height={420} aria-hidden />)}
      </Box>
    </Box>
  );
}
