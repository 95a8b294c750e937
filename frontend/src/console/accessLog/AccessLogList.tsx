import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataTable,
  DateField,
  DateTimeInput,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
} from 'react-admin';
import { STAFF_ROLES, type AccessLogEntry } from '@cc/contracts';
import { formatDateTime } from '../../claims/format';
import { usePageTitle } from '../../common/usePageTitle';
import { EmptyState } from '../EmptyState';
import { roleLabel } from '../format';
import { ClaimLink } from '../ClaimLink';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Staff, owner, claim # or endpoint" />,
  <SelectInput
    key="staffRole"
    source="staffRole"
    label="Role"
    choices={STAFF_ROLES.map((role) => ({ id: role, name: roleLabel(role) }))}
    alwaysOn
  />,
  <DateTimeInput key="at_gte" source="at_gte" label="From" />,
  <DateTimeInput key="at_lte" source="at_lte" label="Until" />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportButton maxResults={1000} />
  </TopToolbar>
);

/** Every recorded staff read (administrators): who, when, which claim, which endpoint. */
export function AccessLogList() {
  usePageTitle('Access log · Staff console');
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Access log"
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      storeKey="console.access-log"
      empty={<EmptyState title="No staff reads yet" text="Each time a staff member opens someone's claim, it is recorded here." />}
    >
      {small ? (
        <SimpleList<AccessLogEntry>
          primaryText={(e) => `${e.staffName} (${roleLabel(e.staffRole)})`}
          secondaryText={(e) => `${e.endpoint}${e.claimNumber ? ` · claim ${e.claimNumber}` : ''}`}
          tertiaryText={(e) => formatDateTime(e.at)}
          linkType={false}
        />
      ) : (
        <DataTable bulkActionButtons={false} data-testid="access-log-table">
          <DataTable.Col source="at" label="When">
            <DateField source="at" showTime />
          </DataTable.Col>
          <DataTable.Col source="staffName" label="Staff member" />
          <DataTable.Col source="staffRole" label="Role" render={(e: AccessLogEntry) => roleLabel(e.staffRole)} />
          <DataTable.Col source="endpoint" label="Endpoint">
            <TextField source="endpoint" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }} />
          </DataTable.Col>
          <DataTable.Col source="claimNumber" label="Claim">
            <FunctionField<AccessLogEntry> render={(e) => <ClaimLink claimId={e.claimId} claimNumber={e.claimNumber} />} />
          </DataTable.Col>
          <DataTable.Col source="ownerName" label="Whose" />
          <DataTable.Col source="version" label="Details">
            <FunctionField<AccessLogEntry>
              render={(e) =>
                [
                  e.version ? `version ${e.version}` : null,
                  e.rows !== null ? `${e.rows} rows` : null,
                  e.subjectEventId ? 'personal data opened' : null,
                ]
                  .filter(Boolean)
                  .join(', ') || '—'
              }
            />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
