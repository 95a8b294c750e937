import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  APPEAL_STATUSES,
  COLUMN_LABELS,
  DUTY_STATUSES,
  LINE_OF_DUTY,
  OPTION_LABELS,
  REPEATING_LISTS,
  WIZARD_BRANCHES,
  WIZARD_CLAIM_TYPES,
  WIZARD_DOCUMENT_TYPES,
  type RepeatingListName,
} from '@cc/contracts';
import { FieldInput } from './FieldInput';
import { emptyRow, type Row } from './model';

/** Cells whose value comes from a §5 pick list. */
const PICK_LISTS: Partial<Record<RepeatingListName, Record<string, readonly string[]>>> = {
  service_timeline_part_a: { branch: ['', ...WIZARD_BRANCHES] },
  service_timeline_part_b: { duty_status: ['', ...DUTY_STATUSES], line_of_duty_y_n: LINE_OF_DUTY },
  claims_summary: { type: ['', ...WIZARD_CLAIM_TYPES] },
  detailed_claims: { claim_type: ['', ...WIZARD_CLAIM_TYPES] },
  denials_summary: { appeal_status: ['', ...APPEAL_STATUSES] },
  attachments_index_a: { document_type: ['', ...WIZARD_DOCUMENT_TYPES] },
};

const DATE_COLUMNS = new Set(['from', 'to', 'effective_date', 'effective_date_sought', 'decision_date', 'opinion_date']);
const LONG_COLUMNS = new Set([
  'key_events_incidents',
  'reason_for_denial',
  'new_relevant_evidence',
  'strategy_notes',
  'rationale_summary',
  'functional_impact',
  'basis_nexus',
  'criteria_excerpt',
  'service_event_or_primary',
  'work_impact',
  'adls_impact',
  'flare_ups',
  'frequency_duration',
]);
/** Cells the AI assist can fill from the veteran's records. */
const ASSISTED_COLUMNS = new Set([
  'diagnostic_code',
  'icd',
  'functional_impact',
  'basis_nexus',
  'criteria_excerpt',
  'frequency_duration',
  'flare_ups',
  'work_impact',
  'adls_impact',
  'service_event_or_primary',
  'onset',
  'rationale_summary',
]);

export interface RepeatingListEditorProps {
  list: RepeatingListName;
  title: string;
  /** Singular noun for the add button, e.g. "service period". */
  itemName: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  errors?: Record<string, string>;
  /** The form so far, for the AI assist of a cell. */
  context?: () => Record<string, unknown>;
}

/** One repeating list of doc 2 §3: each row a card of labelled inputs, with add and remove. */
export function RepeatingListEditor({ list, title, itemName, rows, onChange, errors = {}, context }: RepeatingListEditorProps) {
  const columns = REPEATING_LISTS[list];
  const setCell = (index: number, column: string, value: string) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [column]: value } : r)));
  return (
    <Box component="section" aria-label={title} data-testid={`list-${list}`} sx={{ mb: 2 }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({rows.length})
          </Typography>
        </Typography>
        <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...rows, emptyRow(list)])}>
          Add {itemName}
        </Button>
      </Stack>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          None yet.
        </Typography>
      )}
      <Stack spacing={1.5}>
        {rows.map((row, index) => (
          <Paper key={index} variant="outlined" sx={{ p: 1.5 }} data-testid={`row-${list}-${index}`}>
            <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {itemName.charAt(0).toUpperCase() + itemName.slice(1)} {index + 1}
              </Typography>
              <Tooltip title={`Remove ${itemName} ${index + 1}`}>
                <IconButton
                  size="small"
                  aria-label={`Remove ${itemName} ${index + 1}`}
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
              }}
            >
              {columns.map((column) => {
                const options = PICK_LISTS[list]?.[column];
                const label = COLUMN_LABELS[column] ?? column;
                return (
                  <Box key={column} sx={LONG_COLUMNS.has(column) ? { gridColumn: { sm: '1 / -1' } } : undefined}>
                    <FieldInput
                      name={`${list}.${index}.${column}`}
                      label={label}
                      value={row[column] ?? ''}
                      onChange={(v) => setCell(index, column, v)}
                      error={errors[`${list}.${index}.${column}`]}
                      options={options}
                      optionLabel={(v) => OPTION_LABELS[v] ?? v}
                      type={DATE_COLUMNS.has(column) ? 'date' : 'text'}
                      multiline={LONG_COLUMNS.has(column)}
                      assist={context && ASSISTED_COLUMNS.has(column) ? { context: () => ({ ...context(), row }) } : undefined}
                    />
                  </Box>
                );
              })}
            </Box>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
