import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  AutocompleteInput,
  ColumnsButton,
  DataTable,
  DateField,
  ExportButton,
  FilterButton,
  List,
  NumberField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import { CLAIM_STATUSES, CLAIM_STATUS_LABELS, type StaffClaim, type UserWithTier } from '@cc/contracts';
import { usePageTitle } from '../../common/usePageTitle';
import { EmptyState } from '../EmptyState';
import { OwnerField, PriorityField, StatusField } from './fields';

const statusChoices = CLAIM_STATUSES.map((status) => ({ id: status, name: CLAIM_STATUS_LABELS[status] }));
const ownerText = (user?: UserWithTier) => (user?.id ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email : '');

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Condition, claim #, owner or e-mail" />,
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} alwaysOn />,
  <ReferenceInput key="userId" source="userId" reference="users" label="Owner">
    <AutocompleteInput label="Owner" optionText={ownerText} sx={{ minWidth: 240 }} />
  </ReferenceInput>,
];

/** The phone's list has no columns to choose. */
const Actions = ({ table }: { table: boolean }) => (
  <TopToolbar>
    {table ? <ColumnsButton /> : null}
    <FilterButton />
    <ExportButton maxResults={1000} />
  </TopToolbar>
);

const Empty = () => <EmptyState title="No claims yet" text="When veterans file claims, they are listed here." />;

/** Every veteran's claims (adjudicators and administrators), newest filing first. */
export function StaffClaimList() {
  usePageTitle('Claims · Staff console');
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Claims"
      filters={filters}
      actions={<Actions table={!small} />}
      sort={{ field: 'filedAt', order: 'DESC' }}
      perPage={25}
      empty={<Empty />}
      storeKey="console.claims"
    >
      {small ? (
        <SimpleList<StaffClaim>
          primaryText={(c) => `${c.claimNumber} · ${c.condition}`}
          secondaryText={(c) => `${c.ownerName} · ${CLAIM_STATUS_LABELS[c.status]}`}
          tertiaryText={(c) => `${c.daysPending} d`}
          linkType="show"
        />
      ) : (
        // Progress follows from the status; a staff member who wants it shows it with Columns.
        <DataTable rowClick="show" bulkActionButtons={false} hiddenColumns={['progressPercentage']} data-testid="staff-claims-table">
          <DataTable.Col source="claimNumber" label="Claim #" sx={{ whiteSpace: 'nowrap' }} />
          <DataTable.Col source="condition" label="Condition" />
          <DataTable.Col source="ownerName" label="Owner" field={OwnerField} />
          <DataTable.Col source="status" label="Status" field={StatusField} />
          <DataTable.Col source="priority" label="Priority" field={PriorityField} />
          <DataTable.NumberCol source="progressPercentage" label="Progress %" />
          <DataTable.NumberCol source="ratingPercentage" label="Rating %" />
          <DataTable.Col source="daysPending" label="Days pending">
            <NumberField source="daysPending" />
          </DataTable.Col>
          <DataTable.Col source="filedAt" label="Filed">
            <DateField source="filedAt" />
          </DataTable.Col>
          <DataTable.Col source="updatedAt" label="Updated">
            <DateField source="updatedAt" showTime />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
