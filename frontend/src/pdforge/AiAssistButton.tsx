import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { WIZARD_TOASTS } from '@cc/contracts';
import { useState } from 'react';
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

/** The per-field AI assist (doc 2 §2.1): asks `POST /api/pdforge/ai-assist` and puts the suggestion in the field. */
export function AiAssistButton({ fieldName, label, context, documentText, onSuggestion }: AiAssistButtonProps) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    setBusy(true);
    try {
      const { suggestion } = await aiAssist({ fieldName, fieldDescription: label, context: context(), documentText });
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
  return (
    <Tooltip title={`Suggest with AI: ${label}`}>
      <span>
        <IconButton size="small" aria-label={`AI assist: ${label}`} onClick={() => void ask()} disabled={busy} edge="end">
          {busy ? <CircularProgress size={18} aria-label="Asking the AI" /> : <AutoAwesomeIcon fontSize="small" color="primary" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
