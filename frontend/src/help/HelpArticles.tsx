import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Search from '@mui/icons-material/Search';
import { useState } from 'react';
import { QueryErrorState } from '../common/QueryErrorState';
import { useDebouncedValue } from '../common/useDebouncedValue';
import { useHelpArticles } from './api';

/** The AI Copilot's knowledge base, searched with the assistant's own retrieval. */
export function HelpArticles() {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const articles = useHelpArticles(q);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box role="search" aria-label="Search the answers">
        <TextField
          type="search"
          fullWidth
          placeholder="Search: combined rating, bilateral factor, PACT Act…"
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search the answers', 'data-testid': 'help-search', maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {articles.isError ? (
        <QueryErrorState what="the answers" error={articles.error} onRetry={() => void articles.refetch()} retrying={articles.isFetching} />
      ) : articles.data && articles.data.length === 0 ? (
        <Typography role="status">No answer matches “{q}”. Try other words, or ask support below.</Typography>
      ) : (
        <Box data-testid="help-articles" aria-busy={articles.isPending}>
          {(articles.data ?? []).map((article) => (
            <Accordion key={article.id} disableGutters data-article={article.id}>
              <AccordionSummary
                expandIcon={<ExpandMore aria-hidden />}
                aria-controls={`help-${article.id}`}
                id={`help-${article.id}-title`}
              >
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {article.title}
                </Typography>
              </AccordionSummary>
              <AccordionDetails id={`help-${article.id}`}>
                <Typography sx={{ mb: 1 }}>{article.body}</Typography>
                <Typography variant="body2" color="text.secondary">
                  Sources:{' '}
                  {article.citations.map((c, i) => (
                    <span key={`${c.label}-${i}`}>
                      {i > 0 && ' · '}
                      {c.url ? (
                        <Link href={c.url} target="_blank" rel="noopener noreferrer">
                          {c.label}
                        </Link>
                      ) : (
                        c.label
                      )}
                    </span>
                  ))}
                </Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      )}
    </Box>
  );
}
