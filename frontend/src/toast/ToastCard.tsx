import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Close from '@mui/icons-material/Close';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { forwardRef, type ReactNode } from 'react';
import type { ToastVariant } from './types';

interface ToastCardProps {
  title: ReactNode;
  description?: ReactNode;
  variant: ToastVariant;
  /** react-admin's success notifications get a check icon; the style stays "default". */
  success?: boolean;
  onClose: () => void;
}

/**
 * One toast: icon, title, description and a close button. The destructive variant is red *and*
 * has an error icon and role="alert", so colour is never the only signal.
 */
export const ToastCard = forwardRef<HTMLDivElement, ToastCardProps>(function ToastCard(
  { title, description, variant, success, onClose },
  ref,
) {
  const destructive = variant === 'destructive';
  const Icon = destructive ? ErrorOutline : success ? CheckCircleOutline : InfoOutlined;
  return (
    <Paper
      ref={ref}
      elevation={6}
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      data-testid="toast"
      data-variant={variant}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1.5,
        p: 2,
        pr: 1,
        width: { xs: '100%', sm: '24rem' },
        maxWidth: '100%',
        border: 1,
        borderColor: destructive ? 'error.dark' : 'divider',
        bgcolor: destructive ? 'error.main' : 'background.paper',
        color: destructive ? 'error.contrastText' : 'text.primary',
      }}
    >
      <Icon aria-hidden sx={{ mt: '2px', color: destructive ? 'inherit' : success ? 'success.main' : 'primary.main' }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="p" variant="subtitle2" sx={{ fontWeight: 700, lineHeight: 1.4 }} data-testid="toast-title">
          {title}
        </Typography>
        {description ? (
          <Typography component="div" variant="body2" sx={{ mt: 0.25, opacity: 0.92 }} data-testid="toast-description">
            {description}
          </Typography>
        ) : null}
      </Box>
      <IconButton size="small" color="inherit" onClick={onClose} aria-label="Close notification" sx={{ mt: -0.5 }}>
        <Close fontSize="small" aria-hidden />
      </IconButton>
    </Paper>
  );
});
