import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import FileDownloadOff from '@mui/icons-material/FileDownloadOff';
import type { Dbq } from '@cc/contracts';
import { errorToastText } from '../api/errorToast';
import { formatDate } from '../claims/format';
import { visuallyHidden } from '../common/a11y';
import { useToast } from '../toast/useToast';
import { downloadsText } from './format';
import { FORMS_MESSAGES } from './messages';
import { useDownloadDbq } from './queries';

/**
 * One DBQ. Download is a real link to VA's PDF (so no popup blocker stands in the way); pressing it
 * also tracks the download. An inactive DBQ has no link: its button says why (spec doc 2 §8).
 */
export function DbqRow({ dbq }: { dbq: Dbq }) {
  const { toast } = useToast();
  const download = useDownloadDbq();
  const track = () =>
    download.mutate(dbq.id, {
      onSuccess: (answer) =>
        toast({
          title: FORMS_MESSAGES.downloadTracked,
          description: `DBQ ${dbq.id}: ${answer.downloadCount === null ? 'download recorded' : downloadsText(answer.downloadCount)}`,
        }),
      onError: (failure) =>
        toast({ ...errorToastText(failure, FORMS_MESSAGES.downloadUnavailable, { serverDetail: true }), variant: 'destructive' }),
    });

  return (
    <Box
      component="li"
      data-testid="dbq-row"
      data-dbq={dbq.id}
      sx={{
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
        alignItems: 'center',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Chip size="small" label={dbq.id} sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontWeight: 700 }} />
          {dbq.isActive ? null : <Chip size="small" variant="outlined" color="warning" label="Inactive" data-testid="dbq-inactive" />}
        </Box>
        <Typography component="h3" variant="body1" sx={{ fontWeight: 700, mt: 0.75, overflowWrap: 'anywhere' }}>
          {dbq.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {dbq.category}
          {dbq.conditionGroup ? ` · ${dbq.conditionGroup}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="dbq-meta">
          Version {dbq.version} · updated {formatDate(dbq.lastUpdated)} ·{' '}
          <span data-testid="dbq-download-count">{downloadsText(dbq.downloadCount)}</span>
        </Typography>
      </Box>
      {dbq.isActive ? (
        <Button
          component="a"
          href={dbq.fileUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="contained"
          startIcon={<Download aria-hidden />}
          onClick={track}
          data-testid="dbq-download"
          sx={{ justifySelf: { xs: 'start', sm: 'end' } }}
        >
          Download
          <Box component="span" sx={visuallyHidden}>
            {` DBQ ${dbq.id} (opens in a new tab)`}
          </Box>
        </Button>
      ) : (
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<FileDownloadOff aria-hidden />}
          data-testid="dbq-download-unavailable"
          onClick={() => toast({ ...FORMS_MESSAGES.downloadUnavailable, variant: 'destructive' })}
          sx={{ justifySelf: { xs: 'start', sm: 'end' } }}
        >
          No PDF
          <Box component="span" sx={visuallyHidden}>
            {` for DBQ ${dbq.id}`}
          </Box>
        </Button>
      )}
    </Box>
  );
}
