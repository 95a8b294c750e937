import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Send from '@mui/icons-material/Send';
import type { ChatUsage } from '@cc/contracts';
import type { KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { questionsLeftText } from './format';

interface ChatInputProps {
  value: string;
  onChange(value: string): void;
  onSend(): void;
  sending: boolean;
  usage: ChatUsage | undefined;
  /** Enter with Shift makes a new line (the page); without a multiline field it does nothing (the widget). */
  multiline?: boolean;
  label?: string;
  inputId?: string;
}

/** At the month's limit the input explains why and links to the plans. */
export function QuotaReached({ usage }: { usage: ChatUsage }) {
  return (
    <Alert severity="info" data-testid="chat-limit-reached" sx={{ alignItems: 'center' }}>
      You&apos;ve used all {usage.limit} AI questions of your plan this month. They reset on the first day of next month, or{' '}
      <Link component={RouterLink} to="/billing">
        upgrade your plan
      </Link>{' '}
      for unlimited questions.
    </Alert>
  );
}

export function ChatInput({ value, onChange, onSend, sending, usage, multiline = true, label = 'Message', inputId }: ChatInputProps) {
  const atLimit = usage !== undefined && usage.remaining === 0;
  const canSend = !sending && !atLimit && value.trim().length > 0;
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter sends; Shift+Enter is a line break (spec doc 1 §2).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) onSend();
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {atLimit ? <QuotaReached usage={usage} /> : null}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
        <TextField
          id={inputId}
          label={label}
          placeholder="Ask about your VA claim…"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          multiline={multiline}
          maxRows={6}
          disabled={sending || atLimit}
          size="small"
          slotProps={{ htmlInput: { maxLength: 4000, 'data-testid': 'chat-input' } }}
        />
        <IconButton
          aria-label="Send message"
          color="primary"
          onClick={onSend}
          disabled={!canSend}
          sx={{ mb: 0.25 }}
          data-testid="chat-send"
        >
          <Send aria-hidden />
        </IconButton>
      </Box>
      {usage ? (
        <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="chat-questions-left">
          {questionsLeftText(usage)}
          {multiline ? ' · Enter sends, Shift+Enter adds a line' : ''}
        </Typography>
      ) : null}
    </Box>
  );
}
