import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { WIZARD_TOASTS } from '@cc/contracts';
import { useId, useState } from 'react';
import { isUnauthorizedError } from '../api/http';
import { errorToastText } from '../api/errorToast';
import { useToast } from '../toast/useToast';
import { aiAssist } from './api';

export interface AiAssistButtonProps {
  fieldName: string;
  /** What the field is for, in words; sent as `fieldDescription`. */
  label: string;
  /** The form so far (and, for a list cell, its row under `row`). */
  context: () => Record<string, unknown>;
  documentText?: string;
  onSuggestion: (suggestion: string) => void;
}

/**
 * The per-field AI assist (doc 2 §2.1): asks `POST /api/pdforge/ai-assist` and puts a suggestion drawn
 * from the veteran's records in the field. Guidance (their records say nothing about the field) is
 * shown beside it as a hint of what to write, and goes into the field only if the veteran chooses.
 */
export function AiAssistButton({ fieldName, label, context, documentText, onSuggestion }: AiAssistButtonProps) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [guidance, setGuidance] = useState<{ text: string; sources: string[]; anchor: HTMLElement } | null>(null);
  const titleId = useId();
  const ask = async (anchor: HTMLElement) => {
    setBusy(true);
    try {
      const { suggestion, sources, kind } = await aiAssist({ fieldName, fieldDescription: label, context: context(), documentText });
      if (kind === 'guidance') {
        setGuidance({ text: suggestion, sources, anchor });
        return;
      }
      onSuggestion(suggestion);
      toast({ title: WIZARD_TOASTS.suggestionApplied });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const [title, description] = WIZARD_TOASTS.aiAssistFailed;
      toast({ ...errorToastText(error, { title, description }), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const [heading, ...topics] = guidance?.text.split('\n') ?? [];
  return (
    <>
      <Tooltip title={`Suggest with AI: ${label}`}>
        <span>
          <IconButton
            size="small"
            aria-label={`AI assist: ${label}`}
            onClick={(event) => void ask(event.currentTarget)}
            disabled={busy}
            edge="end"
          >
            {busy ? <CircularProgress size={18} aria-label="Asking the AI" /> : <AutoAwesomeIcon fontSize="small" color="primary" />}
          </IconButton>
        </span>
      </Tooltip>
      <Popover
        open={guidance !== null}
        anchorEl={guidance?.anchor}
        onClose={() => setGuidance(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            'data-testid': 'ai-assist-guidance',
            sx: { p: 2, width: { xs: 'calc(100vw - 16px)', sm: 420 }, maxWidth: 420 },
          } as object,
        }}
      >
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          What to write about
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          Your records don&apos;t cover this yet, so this is a guide, not your answer. Write what is true for you.
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {heading}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
          {topics.map((topic) => (
            <Typography component="li" variant="body2" key={topic}>
              {topic.replace(/^- /, '')}
            </Typography>
          ))}
        </Box>
        {guidance && guidance.sources.length > 0 ? (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
            Based on: {guidance.sources.join('; ')}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
          <Button
            onClick={() => {
              if (guidance) onSuggestion(guidance.text);
              setGuidance(null);
            }}
          >
            Use as an outline
          </Button>
          <Button variant="contained" onClick={() => setGuidance(null)}>
            Close
          </Button>
        </Box>
      </Popover>
    </>
  );
}
