import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/http';
import { forgetCurrentUser } from '../auth/session';
import { holdLiveUpdates } from '../live/useReadModelChanges';
import { useToast } from '../toast/useToast';
import { deleteAccount } from './api';

/** Delete my account: asks for the password again (or the e-mail, for an account without one). */
export function DeleteAccount({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { toast } = useToast();
  const remove = useMutation({
    mutationFn: () => deleteAccount(hasPassword ? { password: confirmation } : { email: confirmation }),
    // The erasure changes every read model while the session ends: no refetch until the page goes.
    onMutate: () => ({ release: holdLiveUpdates() }),
    onSuccess: () => {
      forgetCurrentUser();
      // A full page load: the session cookie is gone, so every cached query goes with it.
      window.location.assign('/?account=deleted');
    },
    onError: (failure, _variables, context) => {
      context?.release();
      const message = failure instanceof ApiError ? (failure.fieldErrors[0]?.message ?? failure.userMessage) : 'Failed to delete account';
      setError(message);
      toast({ title: 'Error', description: 'Failed to delete account', variant: 'destructive' });
    },
  });
  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setConfirmation('');
    setError(undefined);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmation) {
      setError(hasPassword ? 'Password is required' : 'Type the e-mail address of this account to confirm.');
      return;
    }
    remove.mutate();
  };
  return (
    <Box>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, color: 'error.main' }}>
        Delete My Account
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
        Permanently deletes your profile, claims, notes, documents and analyses. This cannot be undone; export your data first if you want a
        copy.
      </Typography>
      <Button
        sx={{ mt: 1.5 }}
        variant="outlined"
        color="error"
        startIcon={<DeleteForeverOutlined aria-hidden />}
        onClick={() => setOpen(true)}
      >
        Delete My Account
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="delete-account-title" fullWidth maxWidth="xs">
        <Box component="form" noValidate onSubmit={onSubmit}>
          <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Everything in your account ({email}) is erased for good and you are signed out everywhere. You can register again with the
              same e-mail later.
            </DialogContentText>
            {error ? (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {error}
              </Alert>
            ) : null}
            <TextField
              sx={{ mt: 2 }}
              id="delete-confirmation"
              autoFocus
              fullWidth
              required
              label={hasPassword ? 'Password' : 'Account e-mail'}
              type={hasPassword ? 'password' : 'email'}
              autoComplete={hasPassword ? 'current-password' : 'off'}
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" color="error" disabled={remove.isPending} aria-busy={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete Account'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}
