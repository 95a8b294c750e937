import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ColumnsButton, DataTable, List, RecordContextProvider, TopToolbar, useListContext, useRecordContext } from 'react-admin';
import type { ProjectionStatus } from '@cc/contracts';
import { formatDateTime } from '../../claims/format';
import { usePageTitle } from '../../common/usePageTitle';
import { ProjectionStateChip } from './ProjectionStateChip';
import { RebuildControl } from './RebuildControl';

function StateField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<ProjectionStatus>();
  return record ? <ProjectionStateChip state={record.state} /> : null;
}

function RebuildField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<ProjectionStatus>();
  return record ? <RebuildControl projection={record} /> : null;
}

function LastErrorField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<ProjectionStatus>();
  if (!record?.lastError) return <>—</>;
  return (
    <Tooltip title={record.lastError}>
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', maxWidth: 260 }}>
        <ErrorOutline aria-hidden color="error" fontSize="small" />
        <Typography variant="body2" noWrap>
          {formatDateTime(record.lastErrorAt)}: {record.lastError}
        </Typography>
      </Box>
    </Tooltip>
  );
}

/** The read models as cards below 900 px: a table does not fit a phone. */
function ProjectionCards() {
  const { data } = useListContext<ProjectionStatus>();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, p: 1 }}>
      {(data ?? []).map((p) => (
        <RecordContextProvider key={p.id} value={p}>
          <Card variant="outlined" data-testid="projection-card">
            <CardContent sx={{ display: 'grid', gap: 1 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {p.name}
                </Typography>
                <ProjectionStateChip state={p.state} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {p.lag} events behind · {p.deadLetters} dead letters · v{p.version}
              </Typography>
              {p.lastError ? (
                <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                  Last error: {p.lastError}
                </Typography>
              ) : null}
              <RebuildControl projection={p} />
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Box>
  );
}

const Actions = () => (
  <TopToolbar>
    <ColumnsButton />
  </TopToolbar>
);

/** Every read model: how far behind the log, its state and errors, and a rebuild button with live progress (support, administrators). */
export function ProjectionList() {
  usePageTitle('Projections · Staff console');
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Projections"
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      pagination={false}
      // The cards a phone shows have no columns to choose.
      actions={small ? false : <Actions />}
      queryOptions={{ refetchInterval: 3000 }}
      storeKey="console.projections"
    >
      {small ? (
        <ProjectionCards />
      ) : (
        // The tables a read model writes are shown on demand (Columns): hidden, the rebuild button
        // fits on a laptop's screen.
        <DataTable bulkActionButtons={false} rowClick={false} hiddenColumns={['tables']} data-testid="projections-table">
          <DataTable.Col source="name" label="Read model" />
          <DataTable.Col source="state" label="State" field={StateField} />
          <DataTable.NumberCol source="lag" label="Events behind" />
          <DataTable.Col
            source="position"
            label="Checkpoint"
            render={(p: ProjectionStatus) => (
              <Box component="code" sx={{ fontSize: '0.8rem' }}>
                {p.position}
              </Box>
            )}
          />
          <DataTable.NumberCol source="deadLetters" label="Dead letters" />
          <DataTable.Col source="lastError" label="Last error" field={LastErrorField} />
          <DataTable.Col source="tables" label="Tables" render={(p: ProjectionStatus) => p.tables.join(', ')} />
          <DataTable.Col source="rebuild" label="Rebuild" disableSort field={RebuildField} />
        </DataTable>
      )}
    </List>
  );
}
