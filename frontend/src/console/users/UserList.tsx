import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataTable, DateField, ExportButton, List, SearchInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { MEMBER_TIERS, type UserWithTier } from '@cc/contracts';
import { usePageTitle } from '../../common/usePageTitle';
import { EmptyState } from '../EmptyState';

const tierChoices = MEMBER_TIERS.map((t) => ({ id: t.tierName, name: t.displayName }));
const nameOf = (u: UserWithTier) => [u.firstName, u.lastName].filter(Boolean).join(' ') || '—';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or e-mail" />,
  <SelectInput key="memberTier" source="memberTier" label="Tier" choices={tierChoices} alwaysOn />,
];

/** Members and their tiers (GET /api/users/with-tier; administrators and adjudicators). */
export function UserList() {
  usePageTitle('Users · Staff console');
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Users"
      filters={filters}
      actions={
        <TopToolbar>
          <ExportButton maxResults={1000} />
        </TopToolbar>
      }
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      storeKey="console.users"
      empty={<EmptyState title="No users" text="Nobody has signed up yet." />}
    >
      {small ? (
        <SimpleList<UserWithTier>
          primaryText={(u) => u.email}
          secondaryText={(u) => `${nameOf(u)} · ${u.memberTierData.displayName}`}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} data-testid="users-table">
          <DataTable.Col source="email" label="E-mail" />
          <DataTable.Col source="firstName" label="First name" />
          <DataTable.Col source="lastName" label="Last name" />
          <DataTable.Col source="memberTierData" label="Tier" render={(u: UserWithTier) => u.memberTierData.displayName} />
          <DataTable.Col source="createdAt" label="Joined">
            <DateField source="createdAt" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
