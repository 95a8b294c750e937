import { useEffect, useEffectEvent, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import Replay from '@mui/icons-material/Replay';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRefresh } from 'react-admin';
import type { ProjectionStatus, RebuildStatus } from '@cc/contracts';
import { useToast } from '../../toast/useToast';
import type { ConsoleDataProvider } from '../consoleDataProvider';
import { rebuildPercent } from '../format';

/**
 * The rebuild button of one read model, and its progress while it runs: the rebuild's own status
 * (GET /api/staff/rebuilds/{id}) every half second until it is swapped in or has failed. A rebuild
 * started elsewhere (another support agent, the command line) shows the same way.
 */
export function RebuildControl({ projection }: { projection: ProjectionStatus }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const { toast } = useToast();
  const [rebuildId, setRebuildId] = useState<string | null>(projection.rebuild?.state === 'running' ? projection.rebuild.id : null);
  const [starting, setStarting] = useState(false);
  // A rebuild that starts elsewhere is followed from the moment the read model reports it.
  const [reported, setReported] = useState({ id: projection.rebuild?.id, state: projection.rebuild?.state });
  if (reported.id !== projection.rebuild?.id || reported.state !== projection.rebuild?.state) {
    setReported({ id: projection.rebuild?.id, state: projection.rebuild?.state });
    if (projection.rebuild?.state === 'running') setRebuildId(projection.rebuild.id);
  }

  const status = useQuery({
    queryKey: ['console', 'rebuild', rebuildId],
    queryFn: () => dataProvider.rebuildStatus(rebuildId!),
    enabled: !!rebuildId,
    refetchInterval: (query) => ((query.state.data as RebuildStatus | undefined)?.state === 'running' || !query.state.data ? 500 : false),
  });
  // The rebuild followed here, else the read model's last one (started elsewhere, or before a reload).
  const current = status.data ?? projection.rebuild ?? null;
  const running = current?.state === 'running';

  const announceEnd = useEffectEvent(() => {
    if (!status.data || status.data.state === 'running' || status.data.id !== rebuildId) return;
    if (status.data.state === 'swapped')
      toast({ title: 'Rebuild finished', description: `${projection.name}: the new tables are in use (${status.data.processed} events).` });
    else
      toast({
        title: 'Rebuild failed',
        description: `${projection.name}: ${status.data.error ?? 'unknown error'}. The old tables stay in use.`,
        variant: 'destructive',
      });
    // The outcome stays on screen: the rebuild id is kept, and its query stops polling once it ended.
    refresh();
  });
  // Only when this rebuild ends, not on every render.
  useEffect(() => announceEnd(), [status.data?.state, status.data?.id]);

  const start = async () => {
    setStarting(true);
    try {
      const started = await dataProvider.rebuildProjection(projection.name);
      setRebuildId(started.rebuildId);
      toast({
        title: started.created ? 'Rebuild started' : 'Already rebuilding',
        description: `${projection.name} is being rebuilt from the first event; it keeps answering meanwhile.`,
      });
    } catch (error) {
      toast({
        title: 'Could not start the rebuild',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    } finally {
      setStarting(false);
    }
  };

  const percent = current ? rebuildPercent(current) : 0;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 180 }} onClick={(event) => event.stopPropagation()}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<Replay aria-hidden />}
        onClick={() => void start()}
        disabled={starting || running}
        aria-label={`Rebuild ${projection.name}`}
        data-testid={`rebuild-${projection.name}`}
      >
        {running ? 'Rebuilding…' : 'Rebuild'}
      </Button>
      {running && current ? (
        <Box data-testid={`rebuild-progress-${projection.name}`}>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={`Rebuild of ${projection.name}`}
            aria-valuetext={`${percent}%, ${current.processed} of ${current.total} events`}
          />
          <Typography variant="caption" color="text.secondary" role="status">
            {percent}% · {current.processed}/{current.total} events
          </Typography>
        </Box>
      ) : current && current.state !== 'running' ? (
        <Typography variant="caption" color="text.secondary" data-testid={`rebuild-outcome-${projection.name}`}>
          Last rebuild: {current.state === 'swapped' ? 'swapped in' : 'failed'}
        </Typography>
      ) : null}
    </Box>
  );
}
