import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Forum from '@mui/icons-material/ForumOutlined';
import { useEffect, useRef, useState } from 'react';
import { QueryErrorState } from '../common/QueryErrorState';
import { usePageTitle } from '../common/usePageTitle';
import { DESKTOP_QUERY } from '../shell/breakpoints';
import { Conversation } from './Conversation';
import { useCreateSession, useDeleteSession, useRenameSession, useSessions } from './queries';
import { SessionList } from './SessionList';

/** /ai-copilot (spec doc 1 §2): the sessions sidebar (a drawer below 768 px) and the conversation. */
export function AiCopilotPage() {
  usePageTitle('AI Copilot');
  const isDesktop = useMediaQuery(DESKTOP_QUERY, { noSsr: true });
  const sessions = useSessions();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const autoCreated = useRef(false);
  const create = useCreateSession((id) => {
    setSelectedId(id);
    setDrawerOpen(false);
  });
  const rename = useRenameSession();
  const remove = useDeleteSession((id) => {
    // Deleting the active session selects the first remaining one (spec doc 1 §4).
    if (id === selectedId) setSelectedId(sessions.data?.find((s) => s.id !== id)?.id ?? null);
  });

  // The first session is selected on load; with none, one is created (spec doc 1 §2).
  const list = sessions.data;
  useEffect(() => {
    if (list?.length === 0 && !autoCreated.current) {
      autoCreated.current = true;
      create.mutate();
    }
  }, [list, create]);
  if (list && list.length > 0 && (!selectedId || !list.some((s) => s.id === selectedId))) setSelectedId(list[0]!.id);

  const selected = list?.find((s) => s.id === selectedId) ?? null;
  const sidebar = (
    <SessionList
      sessions={list}
      loading={sessions.isPending}
      selectedId={selectedId}
      onSelect={(id) => {
        setSelectedId(id);
        setDrawerOpen(false);
      }}
      onNew={() => create.mutate()}
      creating={create.isPending}
      onRename={(id, title) => rename.mutate({ id, title })}
      onDelete={(id) => remove.mutate(id)}
    />
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, height: { md: 'calc(100vh - 120px)' }, minHeight: 480 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h1" variant="h1">
            AI Copilot
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            Ask about VA claims, deadlines, ratings and evidence. Answers come from VA rules and your own file, with sources.
          </Typography>
        </Box>
        {!isDesktop ? (
          /* The drawer exists only while open, so it is named as controlled only then. */
          <Button
            variant="outlined"
            startIcon={<Forum aria-hidden />}
            onClick={() => setDrawerOpen(true)}
            aria-controls={drawerOpen ? 'chat-sessions-drawer' : undefined}
            aria-expanded={drawerOpen}
          >
            Chats
          </Button>
        ) : null}
      </Box>
      {sessions.isError ? (
        <QueryErrorState what="your chats" error={sessions.error} onRetry={() => void sessions.refetch()} retrying={sessions.isFetching} />
      ) : null}
      <Paper
        variant="outlined"
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gridTemplateColumns: isDesktop ? '280px minmax(0, 1fr)' : 'minmax(0, 1fr)',
          overflow: 'hidden',
          height: { xs: '75vh', md: 'auto' },
        }}
      >
        {isDesktop ? <Box sx={{ borderRight: 1, borderColor: 'divider', minHeight: 0 }}>{sidebar}</Box> : null}
        <Box sx={{ minHeight: 0 }}>
          {selected ? (
            <Conversation key={selected.id} session={selected} />
          ) : (
            <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 3 }} data-testid="no-chat-selected">
              <Box sx={{ textAlign: 'center' }}>
                <Forum aria-hidden sx={{ fontSize: 48, color: 'text.secondary' }} />
                <Typography component="h2" variant="h3">
                  No chat selected
                </Typography>
              </Box>
            </Box>
          )}
        </Box>
      </Paper>
      {!isDesktop ? (
        <Drawer
          id="chat-sessions-drawer"
          anchor="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{ paper: { sx: { width: '16rem' } } }}
        >
          {sidebar}
        </Drawer>
      ) : null}
    </Box>
  );
}
