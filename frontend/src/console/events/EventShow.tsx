import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import {
  DateField,
  Labeled,
  NumberField,
  RecordContextProvider,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useRecordContext,
} from 'react-admin';
import type { EventLogDetail, EventLogEntry } from '@cc/contracts';
import { usePageTitle } from '../../common/usePageTitle';
import { useToast } from '../../toast/useToast';
import type { ConsoleDataProvider } from '../consoleDataProvider';
import { EventData } from './EventList';

function EventTitle() {
  const record = useRecordContext<EventLogEntry>();
  usePageTitle(record ? `${record.type} · Event log` : 'Event · Event log');
  return <>{record ? `${record.type} · ${record.streamId} v${record.streamVersion}` : 'Event'}</>;
}

/**
 * An event's data; administrators may open its sealed personal data, which is recorded in the
 * access log. Support staff only ever see it redacted.
 */
function EventDataPanel() {
  const record = useRecordContext<EventLogEntry>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'events', action: 'reveal' });
  const { toast } = useToast();
  const [revealed, setRevealed] = useState<EventLogDetail | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const hasSealed = JSON.stringify(record.data).includes('"[redacted]"');
  const reveal = async () => {
    setBusy(true);
    try {
      setRevealed(await dataProvider.revealEvent(record.id));
    } catch (error) {
      toast({
        title: 'Could not open the personal data',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {revealed ? (
        <Alert severity="warning">Personal data opened. This is recorded in the access log under your name.</Alert>
      ) : hasSealed ? (
        <Alert severity="info">Personal data is sealed in events and shown as [redacted].</Alert>
      ) : null}
      <RecordContextProvider value={revealed ?? record}>
        <EventData />
      </RecordContextProvider>
      {canAccess && hasSealed && !revealed ? (
        <Box>
          <Button
            variant="outlined"
            color="warning"
            startIcon={<LockOpenOutlined aria-hidden />}
            disabled={busy}
            onClick={() => void reveal()}
          >
            Show personal data
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

export function EventShow() {
  return (
    <Show title={<EventTitle />} actions={<TopToolbar />}>
      <SimpleShowLayout>
        <TextField source="type" label="Type" />
        <TextField source="streamId" label="Stream" />
        <NumberField source="streamVersion" label="Stream version" />
        <TextField source="position" label="Position" />
        <NumberField source="schemaVersion" label="Schema version" />
        <TextField source="actorId" label="Actor (account)" emptyText="None" />
        <TextField source="operator" label="Operator (command line)" emptyText="None" />
        <TextField source="correlationId" label="Correlation id" />
        <TextField source="causationId" label="Caused by" emptyText="None" />
        <DateField source="occurredAt" label="Occurred" showTime />
        <DateField source="recordedAt" label="Recorded" showTime />
        <Labeled label="Data" fullWidth>
          <EventDataPanel />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
