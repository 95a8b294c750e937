import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import {
  DataTable,
  DateField,
  FunctionField,
  Labeled,
  NumberField,
  Pagination,
  ReferenceManyField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import type { StaffClaim, StaffClaimDetail, StaffDocument } from '@cc/contracts';
import { conditionTypeLabel } from '../../claims/format';
import { formatFileSize, statusLabel as documentStatusLabel } from '../../documents/format';
import { usePageTitle } from '../../common/usePageTitle';
import { EmptyState } from '../EmptyState';
import { historyCsvUrl } from '../consoleDataProvider';
import { ClaimEvidencePanel } from './ClaimEvidencePanel';
import { ClaimHistoryPanel } from './ClaimHistoryPanel';
import { ClaimNotesList } from './ClaimStateCard';
import { PriorityField, StatusField } from './fields';

function ClaimTitle() {
  const record = useRecordContext<StaffClaimDetail>();
  usePageTitle(record ? `Claim ${record.claimNumber} · Staff console` : 'Claim · Staff console');
  return <>{record ? `Claim ${record.claimNumber} · ${record.condition}` : 'Claim'}</>;
}

function ShowActions() {
  const record = useRecordContext<StaffClaimDetail>();
  if (!record) return null;
  return (
    <TopToolbar>
      <Button component="a" href={historyCsvUrl(record.id)} download startIcon={<Download aria-hidden />} size="small">
        Export history (CSV)
      </Button>
    </TopToolbar>
  );
}

/**
 * The record may first be the claims list's row (react-admin shows it while the detail loads), which
 * has the owner's name and e-mail flat and no notes yet.
 */
type ShownClaim = StaffClaimDetail | (StaffClaim & Partial<Pick<StaffClaimDetail, 'owner' | 'notes'>>);

function OwnerField(_props: { label?: string }) {
  const record = useRecordContext<ShownClaim>();
  if (!record) return null;
  const owner = record.owner ?? ('ownerName' in record ? { name: record.ownerName, email: record.ownerEmail } : undefined);
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {owner?.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {owner?.email}
      </Typography>
    </Box>
  );
}

function NotesField(_props: { label?: string }) {
  const record = useRecordContext<ShownClaim>();
  if (!record) return null;
  return record.notes ? <ClaimNotesList notes={record.notes} /> : <Skeleton variant="rounded" height={48} aria-label="Loading the notes" />;
}

/** One claim, as its owner sees it, with its evidence map, its documents and its full history (adjudicators, administrators). */
export function StaffClaimShow() {
  return (
    // The claims list seeds the record with its row and the app's queries never go stale: fetch the
    // detail (owner, notes) on every visit, which is also the read the access log records.
    <Show title={<ClaimTitle />} actions={<ShowActions />} queryOptions={{ staleTime: 0 }}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Claim">
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            <Labeled label="Owner">
              <OwnerField />
            </Labeled>
            <Labeled label="Condition">
              <TextField source="condition" />
            </Labeled>
            <Labeled label="Type">
              <FunctionField<StaffClaimDetail> render={(r) => conditionTypeLabel(r.conditionType)} />
            </Labeled>
            <Labeled label="Status">
              <StatusField />
            </Labeled>
            <Labeled label="Priority">
              <PriorityField />
            </Labeled>
            <Labeled label="Progress">
              <FunctionField<StaffClaimDetail> render={(r) => `${r.progressPercentage}%`} />
            </Labeled>
            <Labeled label="Rating">
              <FunctionField<StaffClaimDetail> render={(r) => (r.ratingPercentage === null ? 'Not rated' : `${r.ratingPercentage}%`)} />
            </Labeled>
            <Labeled label="Days pending">
              <NumberField source="daysPending" />
            </Labeled>
            <Labeled label="Next action">
              <TextField source="nextAction" emptyText="None" />
            </Labeled>
            <Labeled label="Estimated decision">
              <DateField source="estimatedDecisionDate" emptyText="Not estimated" />
            </Labeled>
            <Labeled label="Filed">
              <DateField source="filedAt" showTime />
            </Labeled>
            <Labeled label="Last updated">
              <DateField source="updatedAt" showTime />
            </Labeled>
          </Box>
          <Divider sx={{ my: 2 }} />
          <Labeled label="Notes" fullWidth>
            <NotesField />
          </Labeled>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Evidence" path="evidence">
          <ClaimEvidencePanel />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Documents" path="documents">
          <ReferenceManyField
            reference="documents"
            target="claimId"
            sort={{ field: 'uploadedAt', order: 'DESC' }}
            perPage={10}
            pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
            empty={<EmptyState title="No documents" text="The veteran has not linked any document to this claim." />}
          >
            <DataTable bulkActionButtons={false} data-testid="staff-claim-documents">
              <DataTable.Col source="fileName" label="File" />
              <DataTable.Col source="fileType" label="Type" />
              <DataTable.Col source="fileSize" label="Size" render={(d: StaffDocument) => formatFileSize(d.fileSize)} />
              <DataTable.Col
                source="processingStatus"
                label="Analysis"
                render={(d: StaffDocument) => documentStatusLabel(d.processingStatus)}
              />
              <DataTable.Col source="uploadedAt" label="Uploaded">
                <DateField source="uploadedAt" showTime />
              </DataTable.Col>
            </DataTable>
          </ReferenceManyField>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="History" path="history">
          <ClaimHistoryPanel />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
