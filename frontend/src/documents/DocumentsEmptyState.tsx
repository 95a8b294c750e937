import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import SearchOff from '@mui/icons-material/SearchOff';

/** No Documents Found (a search or status filter is active) or No Documents Yet. */
export function DocumentsEmptyState({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  const Icon = filtered ? SearchOff : FolderOpenOutlined;
  return (
    <Box data-testid="documents-empty" data-filtered={filtered} sx={{ textAlign: 'center', py: { xs: 4, sm: 6 }, px: 2 }}>
      <Icon aria-hidden sx={{ fontSize: 48, color: 'text.secondary' }} />
      <Typography component="h3" variant="h3" sx={{ mt: 1 }}>
        {filtered ? 'No Documents Found' : 'No Documents Yet'}
      </Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>
        {filtered
          ? 'No document matches your search or status filter.'
          : 'Upload medical records, service records and letters to keep your claim evidence in one place.'}
      </Typography>
      {filtered ? (
        <Button variant="outlined" onClick={onClearFilters} sx={{ mt: 2.5 }}>
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}
