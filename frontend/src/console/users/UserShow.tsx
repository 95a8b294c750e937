import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DataTable,
  DateField,
  Labeled,
  NumberField,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField as RaTextField,
  useCanAccess,
  useRecordContext,
  useRefresh,
  useUpdate,
} from 'react-admin';
import { MEMBER_TIERS, memberTier, type MemberTierName, type StaffUser, type TierHistoryEntry } from '@cc/contracts';
import { usePageTitle } from '../../common/usePageTitle';
import { useToast } from '../../toast/useToast';
import { EmptyState } from '../EmptyState';

const REASONS: Record<TierHistoryEntry['reason'], string> = {
  registered: 'Signed up',
  administrator: 'Administrator',
  subscription: 'Subscription',
  operator: 'Command line',
};
const tierName = (tier: MemberTierName | null) => (tier ? memberTier(tier).displayName : '—');

function UserTitle() {
  const record = useRecordContext<StaffUser>();
  usePageTitle(record ? `${record.email} · Users` : 'User · Users');
  return <>{record?.email ?? 'User'}</>;
}

/** The administrators' tier change (PUT /api/users/{id}/tier), the spec's failure text on error. */
function ChangeTier() {
  const record = useRecordContext<StaffUser>();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'edit' });
  const [tier, setTier] = useState<MemberTierName | ''>('');
  const [update, { isPending }] = useUpdate();
  const refresh = useRefresh();
  const { toast } = useToast();
  if (!record || !canAccess) return null;
  const save = () =>
    update(
      'users',
      { id: record.id, data: { memberTier: tier }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          // The spec's texts for the same action in Settings (doc 2 §8).
          toast({ title: 'User tier updated successfully', description: `${record.email} is now ${tierName(tier || null)}.` });
          setTier('');
          refresh();
        },
        onError: () => toast({ title: 'Failed to update user tier', variant: 'destructive' }),
      },
    );
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label="New tier"
        value={tier}
        onChange={(event) => setTier(event.target.value as MemberTierName)}
        sx={{ minWidth: 240, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
        fullWidth={false}
      >
        {MEMBER_TIERS.filter((t) => t.tierName !== record.memberTier).map((t) => (
          <MenuItem key={t.tierName} value={t.tierName}>
            {t.displayName}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="contained" disabled={!tier || isPending} onClick={save}>
        Change tier
      </Button>
    </Paper>
  );
}

function TierHistory() {
  const { canAccess } = useCanAccess({ resource: 'tier-history', action: 'list' });
  if (!canAccess) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0, '& > *': { minWidth: 0 } }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Tier history
      </Typography>
      <ReferenceManyField
        reference="tier-history"
        target="userId"
        sort={{ field: 'at', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
        empty={<EmptyState title="No tier changes" text="This account has kept the tier it signed up with." />}
      >
        <DataTable bulkActionButtons={false} data-testid="tier-history">
          <DataTable.Col source="at" label="When">
            <DateField source="at" showTime />
          </DataTable.Col>
          <DataTable.Col source="from" label="From" render={(h: TierHistoryEntry) => tierName(h.from)} />
          <DataTable.Col source="to" label="To" render={(h: TierHistoryEntry) => tierName(h.to)} />
          <DataTable.Col source="reason" label="Why" render={(h: TierHistoryEntry) => REASONS[h.reason] ?? h.reason} />
          <DataTable.Col source="actorName" label="By" render={(h: TierHistoryEntry) => h.actorName ?? h.operator ?? 'The system'} />
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
}

/** One member: their tier, what they keep, the tier change (administrators) and how the tier changed. */
export function UserShow() {
  return (
    // The users list seeds the record with its row (no claim or document counts): fetch the detail.
    <Show title={<UserTitle />} queryOptions={{ staleTime: 0 }}>
      <SimpleShowLayout>
        <RaTextField source="email" label="E-mail" />
        <RaTextField source="firstName" label="First name" emptyText="—" />
        <RaTextField source="lastName" label="Last name" emptyText="—" />
        <Labeled label="Tier">
          <RaTextField source="memberTierData.displayName" />
        </Labeled>
        <DateField source="createdAt" label="Joined" showTime />
        <NumberField source="claims" label="Claims" />
        <NumberField source="documents" label="Documents" />
        <ChangeTier />
        <TierHistory />
      </SimpleShowLayout>
    </Show>
  );
}
