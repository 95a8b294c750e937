import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WIZARD_TOASTS } from '@cc/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isUnauthorizedError } from '../api/http';
import { errorToastText } from '../api/errorToast';
import { useToast } from '../toast/useToast';
import { copilotChat, type CopilotTurn } from './api';

/**
 * The wizard's embedded AI Copilot (doc 2 §2.1, §7 `POST /api/copilot/chat`): a conversation that
 * sends the form so far as its context. The turns live only in the dialog.
 */
export function CopilotPanel({ context }: { context: () => Record<string, unknown> }) {
  const { toast } = useToast();
  const [turns, setTurns] = useState<CopilotTurn[]>([]);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  // A block body: scrollIntoView returns a promise in recent Chromium, and an effect may only return a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [turns, busy]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text || busy) return;
    setBusy(true);
    setTurns((t) => [...t, { role: 'user', content: text }]);
    setMessage('');
    try {
      const answer = await copilotChat(text, context(), turns);
      setTurns((t) => [...t, { role: 'assistant', content: answer.message }]);
    } catch (error) {
      setTurns((t) => t.slice(0, -1));
      setMessage(text);
      if (isUnauthorizedError(error)) return;
      const [title, description] = WIZARD_TOASTS.copilotError;
      toast({ ...errorToastText(error, { title, description }), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="aside"
      aria-label="AI Copilot"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 280 }}
    >
      <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          AI Copilot
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Ask about this package. It sees what you have entered.
        </Typography>
      </Box>
      <Box role="log" aria-live="polite" sx={{ flex: 1, overflowY: 'auto', p: 1.5 }} data-testid="copilot-log">
        {turns.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            For example: “Which evidence am I missing for my sleep apnea claim?”
          </Typography>
        )}
        <Stack spacing={1}>
          {turns.map((t, i) => (
            <Box
              key={i}
              sx={{
                alignSelf: t.role === 'user' ? 'flex-end' : 'flex-start',
                maxWidth: '90%',
                px: 1.5,
                py: 1,
                borderRadius: 2,
                bgcolor: t.role === 'user' ? 'primary.main' : 'action.hover',
                color: t.role === 'user' ? 'primary.contrastText' : 'text.primary',
                whiteSpace: 'pre-wrap',
              }}
            >
              <Typography variant="caption" component="div" sx={{ fontWeight: 600 }}>
                {t.role === 'user' ? 'You' : 'Copilot'}
              </Typography>
              <Typography variant="body2">{t.content}</Typography>
            </Box>
          ))}
          {busy && (
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              Copilot is thinking…
            </Typography>
          )}
        </Stack>
        <div ref={end} />
      </Box>
      <Box component="form" onSubmit={send} sx={{ display: 'flex', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <TextField
          size="small"
          fullWidth
          label="Ask the Copilot"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <IconButton type="submit" aria-label="Send to Copilot" disabled={busy || !message.trim()} color="primary">
          <SendIcon />
        </IconButton>
      </Box>
    </Paper>
  );
}
