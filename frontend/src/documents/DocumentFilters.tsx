import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Search from '@mui/icons-material/Search';
import { isStatusFilter, STATUS_FILTER_OPTIONS } from './format';
import type { DocumentFilters as Filters } from './types';

interface DocumentFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
}

/** Search by file name and the status filter (spec doc 1 §2 "Document Repository"). */
export function DocumentFilters({ filters, onChange }: DocumentFiltersProps) {
  return (
    <Box role="search" aria-label="Filter documents" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      <TextField
        type="search"
        size="small"
        placeholder="Search documents..."
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.target.value })}
        sx={{ flex: '1 1 240px' }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search documents', 'data-testid': 'documents-search', maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        id="documents-status-filter"
        label="Status"
        value={filters.status}
        onChange={(event) => {
          const value = event.target.value;
          if (isStatusFilter(value)) onChange({ ...filters, status: value });
        }}
        sx={{ flex: '0 1 200px', minWidth: 160 }}
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'documents-status-filter' } }}
      >
        {STATUS_FILTER_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </TextField>
    </Box>
  );
}
