import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataTable, DateField, FilterButton, List, SearchInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { MEMBER_TIERS, SUPPORT_REQUEST_STATUSES, SUPPORT_REQUEST_STATUS_LABELS, type StaffSupportRequest } from '@cc/contracts';
import { usePageTitle } from '../../common/usePageTitle';
import { EmptyState } from '../EmptyState';
import { PriorityField, RequesterField, SupportStatusField, WaitingField, priorityText, waitingText } from './fields';

const statusChoices = SUPPORT_REQUEST_STATUSES.map((status) => ({ id: status, name: SUPPORT_REQUEST_STATUS_LABELS[status] }));
const tierChoices = MEMBER_TIERS.map((tier) => ({ id: tier.tierName, name: tier.displayName }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Subject, name or e-mail" />,
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} alwaysOn />,
  <SelectInput key="tier" source="tier" label="Plan" choices={tierChoices} alwaysOn />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
  </TopToolbar>
);

const Empty = () => (
  <EmptyState title="No support requests" text="When veterans write to support from Help & Support, their requests queue here." />
);

/**
 * The support queue: open requests by default, in the queue's priority order (Pro, then the other
 * plans with priority support, then Free; oldest first in each), with how long each has waited.
 */
export function SupportRequestList() {
  usePageTitle('Support queue · Staff console');
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Support queue"
      filters={filters}
      filterDefaultValues={{ status: 'open' }}
      actions={<Actions />}
      sort={{ field: 'priority', order: 'ASC' }}
      perPage={25}
      empty={<Empty />}
      storeKey="console.support-requests"
    >
      {small ? (
        <SimpleList<StaffSupportRequest>
          primaryText={(r) => r.subject}
          secondaryText={(r) => `${priorityText(r)} · ${r.requesterName} · ${SUPPORT_REQUEST_STATUS_LABELS[r.status]}`}
          tertiaryText={(r) => (r.waitingSince ? `Waiting ${waitingText(r)}` : '')}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} data-testid="support-queue-table">
          <DataTable.Col source="priority" label="Priority" field={PriorityField} />
          <DataTable.Col source="subject" label="Subject" />
          <DataTable.Col source="requesterName" label="Veteran" field={RequesterField} />
          <DataTable.Col source="status" label="Status" field={SupportStatusField} />
          <DataTable.Col source="waitingSince" label="Waiting" field={WaitingField} />
          <DataTable.NumberCol source="messageCount" label="Messages" />
          <DataTable.Col source="openedAt" label="Opened">
            <DateField source="openedAt" showTime />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
