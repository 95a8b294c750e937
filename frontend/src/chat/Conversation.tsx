import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatSession, Citation } from '@cc/contracts';
import { useEffect, useRef, useState } from 'react';
import { errorToastText } from '../api/errorToast';
import { QueryErrorState } from '../common/QueryErrorState';
import { useToast } from '../toast/useToast';
import { StreamError, streamAnswer } from './stream';
import { Bubble, OnlineIndicator, TypingIndicator } from './ChatBits';
import { ChatInput } from './ChatInput';
import { SUGGESTED_QUESTIONS, WELCOME_MESSAGE } from './format';
import { AnswerContent, Markdownish } from './MessageContent';
import { chatKeys, useChatUsage, useMessages } from './queries';

interface Pending {
  question: string;
  answer: string;
  citations: Citation[];
}

/** Spec doc 1 §9: scroll to the newest message 100 ms after the list changes. */
const SCROLL_DELAY_MS = 100;

/** The main area of /ai-copilot for one session: welcome, messages, the streamed answer, suggestions and the input. */
export function Conversation({ session }: { session: ChatSession }) {
  const messages = useMessages(session.id);
  const usage = useChatUsage();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const sending = pending !== null;
  const listRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);

  // Another session, or leaving the page, stops an answer being written for this one.
  useEffect(() => () => abortRef.current?.abort(), [session.id]);

  const count = messages.data?.length ?? 0;
  const streamed = pending?.answer.length ?? 0;
  useEffect(() => {
    // The message list scrolls, not the page: the page header and the input stay where they are.
    const timer = window.setTimeout(
      () => listRef.current?.scrollTo({ top: listRef.current.scrollHeight, behavior: 'smooth' }),
      SCROLL_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [count, streamed, sending]);

  async function send(text: string) {
    const question = text.trim();
    if (!question || sending) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setDraft('');
    // Spec doc 1 §4: an empty assistant message, filled by the chunks, finalised on `done`.
    setPending({ question, answer: '', citations: [] });
    try {
      const done = await streamAnswer(session.id, question, {
        signal: controller.signal,
        onChunk: (chunk) => setPending((p) => (p ? { ...p, answer: p.answer + chunk } : p)),
      });
      setPending((p) => (p ? { ...p, citations: done.citations ?? [] } : p));
      await Promise.all([
        queryClient.refetchQueries({ queryKey: chatKeys.messages(session.id) }),
        queryClient.invalidateQueries({ queryKey: chatKeys.sessions }),
        queryClient.invalidateQueries({ queryKey: chatKeys.usage }),
        queryClient.invalidateQueries({ queryKey: chatKeys.widget }),
      ]);
    } catch (error) {
      if (controller.signal.aborted) return;
      // The question was given back: it goes back into the input to send again.
      setDraft(question);
      const fallback = { title: 'Failed to send message', description: 'Please try again.' };
      toast({
        ...(error instanceof StreamError
          ? { title: fallback.title, description: error.message }
          : errorToastText(error, fallback, { serverDetail: true })),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: chatKeys.usage });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setPending(null);
    }
  }

  const list = messages.data ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 1.5, sm: 2.5 }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography component="h2" variant="h3" noWrap sx={{ minWidth: 0, flex: 1 }} data-testid="chat-title">
          {session.title}
        </Typography>
        <OnlineIndicator />
      </Box>

      <Box ref={listRef} sx={{ flex: 1, overflowY: 'auto', px: { xs: 1.5, sm: 2.5 }, py: 2 }} data-testid="chat-messages">
        <Box component="ol" aria-label="Messages" aria-live="polite" sx={{ display: 'grid', gap: 2, p: 0, m: 0 }}>
          <Bubble role="assistant" testId="chat-welcome">
            <Markdownish text={WELCOME_MESSAGE} />
          </Bubble>
          {messages.isPending ? (
            <Box component="li" sx={{ listStyle: 'none' }} aria-label="Loading messages">
              <Skeleton height={56} />
              <Skeleton height={56} />
            </Box>
          ) : null}
          {list.map((m) => (
            <Bubble key={m.id} role={m.role} testId="chat-message">
              {m.role === 'assistant' ? <AnswerContent content={m.content} citations={m.citations} /> : <Markdownish text={m.content} />}
              {m.role === 'assistant' && m.engine ? (
                <Typography variant="caption" component="p" sx={{ mt: 1, color: 'text.secondary' }} data-testid="message-engine">
                  AI answer · {m.engine.name === 'offline' ? 'offline knowledge engine' : m.engine.name} ({m.engine.model})
                </Typography>
              ) : null}
            </Bubble>
          ))}
          {pending ? (
            <>
              <Bubble role="user" testId="chat-message">
                <Markdownish text={pending.question} />
              </Bubble>
              {pending.answer ? (
                <Bubble role="assistant" testId="chat-streaming">
                  <AnswerContent content={pending.answer} citations={pending.citations} />
                </Bubble>
              ) : null}
            </>
          ) : null}
        </Box>
        {sending && !pending?.answer ? (
          <Box sx={{ mt: 2 }}>
            <TypingIndicator />
          </Box>
        ) : null}
        {messages.isError ? (
          <Box sx={{ mt: 2 }}>
            <QueryErrorState
              what="this chat"
              error={messages.error}
              onRetry={() => void messages.refetch()}
              retrying={messages.isFetching}
            />
          </Box>
        ) : null}
      </Box>

      <Box sx={{ borderTop: 1, borderColor: 'divider', px: { xs: 1.5, sm: 2.5 }, py: 1.5, display: 'grid', gap: 1.25 }}>
        {!messages.isPending && list.length === 0 && !pending ? (
          <Box
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
            role="group"
            aria-label="Suggested questions"
            data-testid="suggested-questions"
          >
            {SUGGESTED_QUESTIONS.map((q) => (
              <Button
                key={q}
                size="small"
                variant="outlined"
                onClick={() => void send(q)}
                disabled={sending || usage.data?.remaining === 0}
                sx={{ textAlign: 'left' }}
              >
                {q}
              </Button>
            ))}
          </Box>
        ) : null}
        <ChatInput
          value={draft}
          onChange={setDraft}
          onSend={() => void send(draft)}
          sending={sending}
          usage={usage.data}
          inputId="chat-input"
        />
      </Box>
    </Box>
  );
}
