import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorToastText } from '../api/errorToast';
import { sendWidgetMessage } from '../chat/api';
import { Bubble, OnlineIndicator, TypingIndicator } from '../chat/ChatBits';
import { ChatInput } from '../chat/ChatInput';
import { plainText, truncateMessage, WIDGET_MESSAGE_COUNT, WIDGET_WELCOME } from '../chat/format';
import { chatKeys, useChatUsage, useWidgetMessages } from '../chat/queries';
import { QueryErrorState } from '../common/QueryErrorState';
import { useToast } from '../toast/useToast';
import { SectionCard } from './SectionCard';

/** Spec doc 1 §4, §9: after a send the messages are fetched again 500 ms later. */
const REFETCH_DELAY_MS = 500;

/**
 * The dashboard's AI chat widget (spec doc 1 §2): the last 5 messages of its conversation, each cut
 * at 150 characters, the canned welcome while there are none, Enter sends (Shift+Enter does not).
 */
export function ChatWidget() {
  const messages = useWidgetMessages();
  const usage = useChatUsage();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);

  async function send() {
    const content = draft.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      await sendWidgetMessage(content);
      setDraft('');
      window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.all });
      }, REFETCH_DELAY_MS);
    } catch (error) {
      toast({
        ...errorToastText(error, { title: 'Failed to send message', description: 'Please try again.' }, { serverDetail: true }),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: chatKeys.usage });
    } finally {
      setSending(false);
    }
  }

  const shown = (messages.data ?? []).slice(-WIDGET_MESSAGE_COUNT);
  return (
    <SectionCard
      title="AI Copilot"
      testId="chat-widget"
      action={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <OnlineIndicator />
          <Button component={RouterLink} to="/ai-copilot" size="small">
            Open chat
          </Button>
        </Box>
      }
    >
      {messages.isError ? (
        <QueryErrorState
          what="your messages"
          error={messages.error}
          onRetry={() => void messages.refetch()}
          retrying={messages.isFetching}
        />
      ) : (
        <Box component="ol" aria-label="Recent messages" aria-live="polite" sx={{ display: 'grid', gap: 1.25, p: 0, m: 0, mb: 1.5 }}>
          {messages.isPending ? null : shown.length === 0 ? (
            <Bubble role="assistant" testId="chat-widget-welcome">
              <Typography variant="body2">{WIDGET_WELCOME}</Typography>
            </Bubble>
          ) : (
            shown.map((m) => (
              <Bubble key={m.id} role={m.role} testId="chat-widget-message">
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {truncateMessage(m.role === 'assistant' ? plainText(m.content) : m.content)}
                </Typography>
              </Bubble>
            ))
          )}
        </Box>
      )}
      {sending ? (
        <Box sx={{ mb: 1 }}>
          <TypingIndicator />
        </Box>
      ) : null}
      <ChatInput
        value={draft}
        onChange={setDraft}
        onSend={() => void send()}
        sending={sending}
        usage={usage.data}
        multiline={false}
        label="Ask the AI Copilot"
        inputId="chat-widget-input"
      />
    </SectionCard>
  );
}
