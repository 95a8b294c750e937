import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SupportMessage } from '@cc/contracts';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A request's messages, oldest first; who wrote each is said in words, not only by colour or side. */
export function SupportThread({ messages, viewer }: { messages: readonly SupportMessage[]; viewer: 'veteran' | 'support' }) {
  return (
    <Box
      component="ol"
      aria-label="Messages"
      data-testid="support-thread"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {messages.map((message) => {
        const own = message.author === viewer;
        const who = message.author === 'support' ? `${message.authorName} (Support)` : message.authorName;
        return (
          <Box
            component="li"
            key={message.id}
            data-author={message.author}
            sx={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start' }}
          >
            <Paper
              variant="outlined"
              sx={{
                p: 1.5,
                maxWidth: { xs: '100%', sm: '85%' },
                borderLeftWidth: message.author === 'support' ? 4 : 1,
                borderLeftColor: message.author === 'support' ? 'primary.main' : 'divider',
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {own && viewer === 'veteran' ? 'You' : who}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ fontWeight: 400 }}>
                  {' · '}
                  {dateTime(message.createdAt)}
                </Typography>
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>{message.body}</Typography>
            </Paper>
          </Box>
        );
      })}
    </Box>
  );
}
