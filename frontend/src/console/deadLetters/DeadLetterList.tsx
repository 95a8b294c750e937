import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { DataTable, DateField, List, RecordContextProvider, SearchInput, TextInput, useListContext, useRecordContext } from 'react-admin';
import type { DeadLetter } from '@cc/contracts';
import { formatDateTime } from '../../claims/format';
import { usePageTitle } from '../../common/usePageTitle';
import { EmptyState } from '../EmptyState';
import { DeadLetterActions } from './DeadLetterActions';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Error text" />,
  <TextInput key="subscription" source="subscription" label="Subscriber" alwaysOn />,
  <TextInput key="type" source="type" label="Event type" />,
];

function ErrorText(_props: { label?: string; source?: string }) {
  const record = useRecordContext<DeadLetter>();
  return record ? (
    <Typography variant="body2" sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
      {record.error}
    </Typography>
  ) : null;
}

/** Dead letters as cards below 900 px, each with its actions. */
function DeadLetterCards() {
  const { data } = useListContext<DeadLetter>();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, p: 1 }}>
      {(data ?? []).map((d) => (
        <RecordContextProvider key={d.id} value={d}>
          <Card variant="outlined">
            <CardContent sx={{ display: 'grid', gap: 1 }}>
              <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {d.type} · {d.subscription}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Parked {formatDateTime(d.parkedAt)} after {d.attempts} attempts
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {d.error}
              </Typography>
              <DeadLetterActions />
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Box>
  );
}

/** Events a read model or worker gave up on, with retry and dismiss (support, administrators). */
export function DeadLetterList() {
  usePageTitle('Dead letters · Staff console');
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Dead letters"
      filters={filters}
      sort={{ field: 'parkedAt', order: 'DESC' }}
      perPage={25}
      storeKey="console.dead-letters"
      exporter={false}
      empty={<EmptyState title="No dead letters" text="Every read model and worker has handled every event it was given." />}
    >
      {small ? (
        <DeadLetterCards />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false} data-testid="dead-letters-table">
          <DataTable.Col source="parkedAt" label="Parked">
            <DateField source="parkedAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="subscription" label="Subscriber" />
          <DataTable.Col source="type" label="Event" />
          <DataTable.Col source="streamId" label="Stream" />
          <DataTable.NumberCol source="attempts" label="Attempts" />
          <DataTable.Col source="error" label="Error" field={ErrorText} />
          <DataTable.Col label="Actions" disableSort field={DeadLetterActions} />
        </DataTable>
      )}
    </List>
  );
}
