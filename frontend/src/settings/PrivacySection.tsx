import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { changePasswordBody, PASSWORD_MIN_LENGTH } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/http';
import { useToast } from '../toast/useToast';
import { changePassword, downloadExport, type ExportProgress } from './api';
import { DeleteAccount } from './DeleteAccount';
import { SettingsCard } from './SettingsCard';

/** Change password, export my data, delete my account. */
export function PrivacySection({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  return (
    <SettingsCard id="privacy" title="Privacy and Security">
      {hasPassword ? <ChangePassword /> : null}
      {hasPassword ? <Divider sx={{ my: 3 }} /> : null}
      <ExportData />
      <Divider sx={{ my: 3 }} />
      <DeleteAccount hasPassword={hasPassword} email={email} />
    </SettingsCard>
  );
}

function ChangePassword() {
  const { toast } = useToast();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string }>({});
  const change = useMutation({
    mutationFn: () => changePassword(currentPassword, newPassword),
    onSuccess: () => {
      setCurrent('');
      setNew('');
      toast({ title: 'Password Changed', description: 'Your password has been changed. Other devices have been signed out.' });
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fieldErrors : [];
      setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
      const description = error instanceof ApiError && error.status === 429 ? error.userMessage : 'Failed to change password';
      toast({ title: 'Error', description, variant: 'destructive' });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordBody.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    change.mutate();
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="change-password-heading" sx={{ mt: 2 }}>
      <Typography id="change-password-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Change Password
      </Typography>
      <Box sx={{ mt: 1.5, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id="current-password"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrent(event.target.value)}
          error={Boolean(errors.currentPassword)}
          helperText={errors.currentPassword}
          required
        />
        <TextField
          id="new-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNew(event.target.value)}
          error={Boolean(errors.newPassword)}
          helperText={errors.newPassword ?? `At least ${PASSWORD_MIN_LENGTH} characters`}
          required
        />
      </Box>
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="outlined" disabled={change.isPending} aria-busy={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </Box>
    </Box>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function ExportData() {
  const { toast } = useToast();
  const [progress, setProgress] = useState<ExportProgress | undefined>();
  const run = useMutation({
    mutationFn: () => downloadExport(setProgress),
    onSuccess: () => toast({ title: 'Export Ready', description: 'Your data has been downloaded as a ZIP file.' }),
    onError: () => toast({ title: 'Error', description: 'Failed to export your data', variant: 'destructive' }),
    onSettled: () => setProgress(undefined),
  });
  const percent = progress?.total ? Math.min(100, Math.round((progress.received / progress.total) * 100)) : undefined;
  return (
    <Box>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Export My Data
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
        Download a ZIP with your profile, claims and their history, notes, documents (the files themselves), AI analyses, chats and
        notifications.
      </Typography>
      <Button
        sx={{ mt: 1.5 }}
        variant="outlined"
        startIcon={<DownloadOutlined aria-hidden />}
        onClick={() => run.mutate()}
        disabled={run.isPending}
        aria-busy={run.isPending}
      >
        {run.isPending ? 'Preparing export...' : 'Export My Data'}
      </Button>
      {run.isPending ? (
        <Box sx={{ mt: 1.5 }} data-testid="export-progress">
          <LinearProgress variant={percent === undefined ? 'indeterminate' : 'determinate'} value={percent} aria-label="Export progress" />
          <Typography variant="caption" role="status" sx={{ color: 'text.secondary' }}>
            {progress
              ? `Downloaded ${formatBytes(progress.received)}${progress.total ? ` of ${formatBytes(progress.total)}` : ''}`
              : 'Starting...'}
          </Typography>
        </Box>
      ) : null}
      {run.isError ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          The export could not be completed. Please try again.
        </Alert>
      ) : null}
    </Box>
  );
}
