import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Replay from '@mui/icons-material/Replay';
import { useDataProvider, useDelete, useRecordContext, useRefresh } from 'react-admin';
import type { DeadLetter } from '@cc/contracts';
import { useToast } from '../../toast/useToast';
import type { ConsoleDataProvider } from '../consoleDataProvider';

/** Retry (run the event through its handler again) and dismiss (after a confirmation). */
export function DeadLetterActions(_props: { label?: string }) {
  const record = useRecordContext<DeadLetter>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [remove] = useDelete();
  if (!record) return null;

  const retry = async () => {
    setBusy(true);
    try {
      const { outcome } = await dataProvider.retryDeadLetter(record.id);
      // 'requested': the worker runs in another process and had not answered yet (docs/decisions/topology.md).
      if (outcome === 'requested')
        toast({ title: 'Retry requested', description: `${record.subscription} will run ${record.type} again shortly.` });
      else toast({ title: 'Event handled', description: `${record.type} went through ${record.subscription} this time.` });
    } catch (error) {
      toast({
        title: 'The event failed again',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const dismiss = async () => {
    setConfirming(false);
    setBusy(true);
    await remove(
      'dead-letters',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => toast({ title: 'Dismissed', description: `${record.subscription} will not handle this ${record.type}.` }),
        onError: (error) =>
          toast({
            title: 'Could not dismiss',
            description: error instanceof Error ? error.message : String(error),
            variant: 'destructive',
          }),
        onSettled: () => setBusy(false),
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} onClick={(event) => event.stopPropagation()}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<Replay aria-hidden />}
        disabled={busy}
        onClick={() => void retry()}
        aria-label={`Retry ${record.type} for ${record.subscription}`}
      >
        Retry
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteOutline aria-hidden />}
        disabled={busy}
        onClick={() => setConfirming(true)}
        aria-label={`Dismiss ${record.type} for ${record.subscription}`}
      >
        Dismiss
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`dismiss-${record.id}`}>
        <DialogTitle id={`dismiss-${record.id}`}>Dismiss this event?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {record.subscription} will never handle this {record.type}. Its read model stays without it until it is rebuilt. The dismissal
            is recorded with your name.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void dismiss()}>
            Dismiss
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
