import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SecondarySuggestion } from '@cc/contracts';
import { useId } from 'react';

/** Secondary conditions worth claiming, each with the sentence it was found in and what the law needs. */
export function SecondaryList({ secondaries }: { secondaries: readonly SecondarySuggestion[] }) {
  const headingId = useId();
  if (secondaries.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={headingId} component="h3" variant="h3">
        Secondary conditions worth claiming
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
        {secondaries.map((s) => (
          <Paper
            component="li"
            variant="outlined"
            key={`${s.secondary}|${s.source.documentId}`}
            data-testid="strategy-secondary"
            sx={{ p: 2, display: 'grid', gap: 1 }}
          >
            <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {s.secondary}, secondary to {s.primary}
            </Typography>
            <Typography variant="body2">{s.why}</Typography>
            <Box component="blockquote" sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', overflowWrap: 'anywhere' }}>
              <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
                “{s.source.quote}”
              </Typography>
              <Typography variant="caption" color="text.secondary">
                From {s.source.fileName}
              </Typography>
            </Box>
            {s.evidenceNeeded.length ? (
              <Box component="ul" aria-label="Evidence it needs" sx={{ m: 0, pl: 3 }}>
                {s.evidenceNeeded.map((e) => (
                  <Typography component="li" variant="body2" key={e}>
                    {e}
                  </Typography>
                ))}
              </Box>
            ) : null}
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
