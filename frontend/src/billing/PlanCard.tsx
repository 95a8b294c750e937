import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import StarOutline from '@mui/icons-material/StarOutline';
import { useId } from 'react';
import { BILLING_MESSAGES, type BillingCycle, type SubscriptionPlan } from '@cc/contracts';
import { formatCents, type PlanAction } from './format';

interface PlanCardProps {
  plan: SubscriptionPlan;
  cycle: BillingCycle;
  action: PlanAction;
  busy: boolean;
  onUpgrade(): void;
  onContactSupport(): void;
}

/** One plan: price for the chosen cycle, features, and the tier-order button (doc 2 §4). */
export function PlanCard({ plan, cycle, action, busy, onUpgrade, onContactSupport }: PlanCardProps) {
  const headingId = useId();
  const price = plan.prices.find((p) => p.cycle === cycle);
  const free = plan.monthlyPrice === 0;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      data-testid={`plan-${plan.tierName}`}
      sx={{
        p: { xs: 2.5, sm: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        position: 'relative',
        borderWidth: plan.mostPopular ? 2 : 1,
        borderColor: plan.mostPopular ? 'secondary.main' : 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h3" variant="h3">
          {plan.displayName}
        </Typography>
        {plan.mostPopular ? (
          <Chip icon={<StarOutline aria-hidden />} label={BILLING_MESSAGES.mostPopular} color="secondary" size="small" />
        ) : null}
      </Box>
      <Box>
        <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }} data-testid={`plan-${plan.tierName}-price`}>
          {free ? 'Free' : formatCents(price?.amount ?? 0)}
          {free ? null : (
            <Typography component="span" sx={{ fontSize: '1rem', fontWeight: 400, color: 'text.secondary' }}>
              {cycle === 'monthly' ? ' / month' : ' / year'}
            </Typography>
          )}
        </Typography>
        {!free && cycle === 'yearly' ? (
          <Typography variant="body2" color="text.secondary">
            {formatCents(Math.round((price?.amount ?? 0) / 12))} a month, billed yearly
          </Typography>
        ) : null}
      </Box>
      <Typography color="text.secondary">{plan.description}</Typography>
      <List dense disablePadding aria-label={`${plan.displayName} features`} sx={{ flexGrow: 1 }}>
        {plan.features.map((feature) => (
          <ListItem key={feature} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckCircleOutline aria-hidden fontSize="small" color="success" />
            </ListItemIcon>
            <ListItemText primary={feature} />
          </ListItem>
        ))}
      </List>
      <PlanButton plan={plan} action={action} busy={busy} onUpgrade={onUpgrade} onContactSupport={onContactSupport} />
    </Paper>
  );
}

function PlanButton({ plan, action, busy, onUpgrade, onContactSupport }: Omit<PlanCardProps, 'cycle'>) {
  switch (action) {
    case 'current':
      return (
        <Button variant="outlined" disabled fullWidth>
          Current Plan
        </Button>
      );
    case 'downgrade':
      return (
        <Box>
          <Button variant="outlined" disabled fullWidth>
            Downgrade
          </Button>
          {plan.tierName === 'free' ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              To move to Free, cancel your subscription on the Manage Subscription tab or contact support.
            </Typography>
          ) : null}
        </Box>
      );
    case 'contact-support':
      return (
        <Button variant="outlined" fullWidth onClick={onContactSupport}>
          Contact Support
        </Button>
      );
    case 'upgrade':
      return (
        <Button
          variant="contained"
          color={plan.mostPopular ? 'secondary' : 'primary'}
          fullWidth
          disabled={busy}
          onClick={onUpgrade}
          aria-label={`Upgrade to ${plan.displayName}`}
        >
          {busy ? 'Redirecting…' : 'Upgrade'}
        </Button>
      );
  }
}
