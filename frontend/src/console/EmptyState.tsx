import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';

/** What a console list shows when there is nothing in it yet. */
export function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <Paper variant="outlined" data-testid="console-empty" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', mt: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <InboxOutlined aria-hidden sx={{ fontSize: 48, color: 'text.secondary' }} />
      </Box>
      <Typography component="h2" variant="h6" sx={{ mt: 1, fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {text}
      </Typography>
    </Paper>
  );
}
