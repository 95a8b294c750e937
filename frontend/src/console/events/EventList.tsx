import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataTable,
  DateField,
  DateTimeInput,
  FilterButton,
  List,
  SelectArrayInput,
  SimpleList,
  TextInput,
  TopToolbar,
  ExportButton,
  useRecordContext,
} from 'react-admin';
import { eventSchemas, type EventLogEntry } from '@cc/contracts';
import { formatDateTime } from '../../claims/format';
import { usePageTitle } from '../../common/usePageTitle';
import { EmptyState } from '../EmptyState';

const typeChoices = Object.keys(eventSchemas)
  .sort()
  .map((type) => ({ id: type, name: type }));

const filters = [
  <SelectArrayInput key="type" source="type" label="Event types" choices={typeChoices} alwaysOn sx={{ minWidth: 220 }} />,
  <TextInput key="streamId" source="streamId" label="Stream" alwaysOn />,
  <TextInput key="userId" source="userId" label="User id (about or by)" />,
  <TextInput key="streamPrefix" source="streamPrefix" label="Streams starting with" />,
  <TextInput key="correlationId" source="correlationId" label="Correlation id" />,
  <DateTimeInput key="recordedAt_gte" source="recordedAt_gte" label="Recorded from" />,
  <DateTimeInput key="recordedAt_lte" source="recordedAt_lte" label="Recorded until" />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportButton maxResults={1000} />
  </TopToolbar>
);

/** The event's data as stored, personal data shown as "[redacted]". */
export function EventData(_props: { label?: string }) {
  const record = useRecordContext<EventLogEntry>();
  if (!record) return null;
  return (
    <Box
      component="pre"
      data-testid="event-data"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontSize: '0.8rem',
        overflowX: 'auto',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {JSON.stringify(record.data, null, 2)}
    </Box>
  );
}

function Actor(_props: { label?: string; source?: string }) {
  const record = useRecordContext<EventLogEntry>();
  if (!record) return null;
  return <>{record.actorId ?? record.operator ?? 'System'}</>;
}

/** Every recorded event, newest first, with filters (support, administrators). */
export function EventList() {
  usePageTitle('Event log · Staff console');
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Event log"
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'position', order: 'DESC' }}
      perPage={25}
      storeKey="console.events"
      empty={<EmptyState title="No events" text="Nothing has been recorded yet." />}
    >
      {small ? (
        <SimpleList<EventLogEntry>
          primaryText={(e) => e.type}
          secondaryText={(e) => `${e.streamId} v${e.streamVersion}`}
          tertiaryText={(e) => formatDateTime(e.recordedAt)}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" expand={<EventData />} bulkActionButtons={false} data-testid="events-table">
          <DataTable.Col
            source="position"
            label="Position"
            render={(e: EventLogEntry) => (
              <Box component="code" sx={{ fontSize: '0.8rem' }}>
                {e.position}
              </Box>
            )}
          />
          <DataTable.Col source="type" label="Type" />
          <DataTable.Col source="streamId" label="Stream" />
          <DataTable.NumberCol source="streamVersion" label="Version" />
          <DataTable.Col source="actorId" label="Actor" field={Actor} />
          <DataTable.Col source="recordedAt" label="Recorded">
            <DateField source="recordedAt" showTime />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
