import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../common/a11y';

/** Green dot plus the word "Online" (colour is never the only signal). */
export function OnlineIndicator() {
  return (
    <Box
      component="span"
      data-testid="online-indicator"
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        fontSize: '0.8rem',
        fontWeight: 700,
        color: theme.palette.mode === 'dark' ? theme.palette.success.main : theme.palette.success.dark,
      })}
    >
      <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'success.main' }} />
      Online
    </Box>
  );
}

/** One message: who wrote it (icon and a name for screen readers), and its content. */
export function Bubble({ role, children, testId }: { role: 'user' | 'assistant'; children: ReactNode; testId?: string }) {
  const mine = role === 'user';
  const Icon = mine ? PersonOutline : SmartToyOutlined;
  return (
    <Box
      component="li"
      data-testid={testId}
      data-role={role}
      sx={{ display: 'flex', gap: 1, flexDirection: mine ? 'row-reverse' : 'row', alignItems: 'flex-start', listStyle: 'none' }}
    >
      <Box
        aria-hidden
        sx={{
          flex: '0 0 auto',
          width: 32,
          height: 32,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: mine ? 'secondary.main' : 'primary.main',
          color: mine ? 'secondary.contrastText' : 'primary.contrastText',
        }}
      >
        <Icon fontSize="small" />
      </Box>
      <Box
        sx={{
          maxWidth: { xs: '85%', md: '75%' },
          minWidth: 0,
          px: 1.75,
          py: 1.25,
          borderRadius: 2,
          bgcolor: mine ? 'primary.main' : 'action.hover',
          color: mine ? 'primary.contrastText' : 'text.primary',
          border: 1,
          borderColor: mine ? 'primary.main' : 'divider',
          position: 'relative',
          '& a': mine ? { color: 'inherit' } : undefined,
        }}
      >
        <Typography component="span" sx={visuallyHidden}>
          {mine ? 'You said:' : 'AI Copilot said:'}
        </Typography>
        {children}
      </Box>
    </Box>
  );
}

/** Three dots and words while the answer is on its way. */
export function TypingIndicator({ label = 'AI Copilot is typing…' }: { label?: string }) {
  return (
    <Box
      role="status"
      data-testid="typing-indicator"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', pl: 5 }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'flex',
          gap: 0.5,
          '& span': {
            width: 6,
            height: 6,
            borderRadius: '50%',
            bgcolor: 'text.secondary',
            animation: 'ccTyping 1.2s infinite ease-in-out',
          },
          '& span:nth-of-type(2)': { animationDelay: '0.2s' },
          '& span:nth-of-type(3)': { animationDelay: '0.4s' },
          '@keyframes ccTyping': { '0%, 80%, 100%': { opacity: 0.3 }, '40%': { opacity: 1 } },
          '@media (prefers-reduced-motion: reduce)': { '& span': { animation: 'none' } },
        }}
      >
        <span />
        <span />
        <span />
      </Box>
      <Typography variant="body2">{label}</Typography>
    </Box>
  );
}
