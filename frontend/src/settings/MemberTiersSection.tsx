import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MEMBER_TIER_NAMES, type MemberTier, type MemberTierName, type UserWithTier } from '@cc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../toast/useToast';
import { changeUserTier, fetchMemberTiers, fetchUsersWithTier } from './api';
import { SettingsCard } from './SettingsCard';

const FIRST_USERS = 10;
const USERS_KEY = ['users-with-tier', FIRST_USERS] as const;

const price = (cents: number) => (cents === 0 ? 'Free' : `$${(cents / 100).toFixed(2)}/mo`);
const limit = (value: number) => (value === 0 ? 'Unlimited' : value < 0 ? 'None' : String(value));

/**
 * Member tiers (administrators and adjudicators): the tier list and the first 10 users. Only
 * administrators get Edit and the per-user tier selector.
 */
export function MemberTiersSection({ canEdit }: { canEdit: boolean }) {
  const tiers = useQuery({ queryKey: ['member-tiers'], queryFn: ({ signal }) => fetchMemberTiers(signal) });
  const users = useQuery({ queryKey: USERS_KEY, queryFn: ({ signal }) => fetchUsersWithTier(FIRST_USERS, signal) });
  return (
    <SettingsCard id="member-tiers" title="Member Tiers" description="Plans and their limits, and the first users with their tier.">
      {tiers.isPending ? (
        <Skeleton height={160} />
      ) : tiers.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          The member tiers could not be loaded.
        </Alert>
      ) : (
        <TierTable tiers={tiers.data} />
      )}
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 3 }}>
        Users
      </Typography>
      {users.isPending ? (
        <Skeleton height={200} />
      ) : users.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          The users could not be loaded.
        </Alert>
      ) : users.data.users.length === 0 ? (
        <Typography sx={{ mt: 1, color: 'text.secondary' }}>No users yet.</Typography>
      ) : (
        <UserTable users={users.data.users} total={users.data.total} tiers={tiers.data ?? []} canEdit={canEdit} />
      )}
    </SettingsCard>
  );
}

function TierTable({ tiers }: { tiers: MemberTier[] }) {
  return (
    <Box sx={{ mt: 1.5, overflowX: 'auto' }}>
      <Table size="small" aria-label="Member tiers" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>Tier</TableCell>
            <TableCell>Price</TableCell>
            <TableCell>Claims</TableCell>
            <TableCell>AI questions</TableCell>
            <TableCell>Uploads</TableCell>
            <TableCell>Analyses</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tiers.map((tier) => (
            <TableRow key={tier.tierName}>
              <TableCell>
                <Typography sx={{ fontWeight: 600 }}>{tier.displayName}</Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {tier.description}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{price(tier.monthlyPrice)}</TableCell>
              <TableCell>{limit(tier.maxClaims)}</TableCell>
              <TableCell>{limit(tier.maxAiQuestions)}</TableCell>
              <TableCell>{limit(tier.maxDocumentUploads)}</TableCell>
              <TableCell>{limit(tier.maxDocumentAnalyses)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function UserTable({ users, total, tiers, canEdit }: { users: UserWithTier[]; total: number; tiers: MemberTier[]; canEdit: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <Box sx={{ mt: 1, overflowX: 'auto' }}>
      <Table size="small" aria-label="Users" sx={{ minWidth: 480 }}>
        <TableHead>
          <TableRow>
            <TableCell>User</TableCell>
            <TableCell>Tier</TableCell>
            {canEdit ? <TableCell align="right">Actions</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} data-testid="tier-user-row">
              <TableCell>
                <Typography sx={{ fontWeight: 600 }}>{[user.firstName, user.lastName].filter(Boolean).join(' ') || '—'}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {user.email}
                </Typography>
              </TableCell>
              <TableCell>
                {canEdit && editing === user.id ? (
                  <TierSelector user={user} tiers={tiers} onDone={() => setEditing(null)} />
                ) : (
                  <Chip size="small" label={user.memberTierData.displayName} />
                )}
              </TableCell>
              {canEdit ? (
                <TableCell align="right">
                  {editing === user.id ? (
                    <Button size="small" onClick={() => setEditing(null)}>
                      Cancel
                    </Button>
                  ) : (
                    <Button size="small" onClick={() => setEditing(user.id)} aria-label={`Edit tier of ${user.email}`}>
                      Edit
                    </Button>
                  )}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="caption" sx={{ display: 'block', mt: 1, color: 'text.secondary' }}>
        Showing {users.length} of {total} users.
      </Typography>
    </Box>
  );
}

function TierSelector({ user, tiers, onDone }: { user: UserWithTier; tiers: MemberTier[]; onDone: () => void }) {
  const client = useQueryClient();
  const { toast } = useToast();
  const change = useMutation({
    mutationFn: (tierName: MemberTierName) => changeUserTier(user.id, tierName),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'User tier updated successfully' });
      onDone();
      await client.invalidateQueries({ queryKey: USERS_KEY });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to update user tier', variant: 'destructive' }),
  });
  const names = tiers.length ? tiers.map((tier) => tier.tierName) : [...MEMBER_TIER_NAMES];
  const label = (name: MemberTierName) => tiers.find((tier) => tier.tierName === name)?.displayName ?? name;
  return (
    <TextField
      select
      size="small"
      label={`Tier for ${user.email}`}
      value={user.memberTier}
      disabled={change.isPending}
      onChange={(event) => change.mutate(event.target.value as MemberTierName)}
      sx={{ minWidth: 180 }}
    >
      {names.map((name) => (
        <MenuItem key={name} value={name}>
          {label(name)}
        </MenuItem>
      ))}
    </TextField>
  );
}
