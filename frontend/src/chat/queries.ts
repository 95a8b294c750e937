import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ChatSession } from '@cc/contracts';
import { errorToastText } from '../api/errorToast';
import { useToast } from '../toast/useToast';
import { createSession, deleteSession, fetchMessages, fetchSessions, fetchUsage, fetchWidgetMessages, renameSession } from './api';
import { WIDGET_MESSAGE_COUNT } from './format';

export const chatKeys = {
  all: ['ai-chat'] as const,
  sessions: ['ai-chat', 'sessions'] as const,
  messages: (sessionId: string) => ['ai-chat', 'messages', sessionId] as const,
  usage: ['ai-chat', 'usage'] as const,
  widget: ['ai-chat', 'widget'] as const,
};

export const useSessions = () => useQuery({ queryKey: chatKeys.sessions, queryFn: ({ signal }) => fetchSessions(signal) });

export const useMessages = (sessionId: string | null) =>
  useQuery({
    queryKey: chatKeys.messages(sessionId ?? ''),
    queryFn: ({ signal }) => fetchMessages(sessionId!, signal),
    enabled: sessionId !== null,
  });

export const useChatUsage = () => useQuery({ queryKey: chatKeys.usage, queryFn: ({ signal }) => fetchUsage(signal) });

export const useWidgetMessages = () =>
  useQuery({ queryKey: chatKeys.widget, queryFn: ({ signal }) => fetchWidgetMessages(WIDGET_MESSAGE_COUNT, signal) });

/** Queries never go stale on their own (doc 1 §7): after a change the chat's queries are fetched again. */
export function useRefreshChat() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: chatKeys.all }), [queryClient]);
}

export function useCreateSession(onCreated: (id: string) => void) {
  const { toast } = useToast();
  const refresh = useRefreshChat();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: async (session) => {
      // In the list before it is selected, so the page never sees a selection it does not list.
      queryClient.setQueryData<ChatSession[]>(chatKeys.sessions, (old) => [session, ...(old ?? []).filter((s) => s.id !== session.id)]);
      onCreated(session.id);
      await refresh();
    },
    onError: (error) =>
      toast({ ...errorToastText(error, { title: 'Error', description: 'Failed to create new chat session' }), variant: 'destructive' }),
  });
}

export function useRenameSession() {
  const { toast } = useToast();
  const refresh = useRefreshChat();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameSession(id, title),
    onSettled: () => refresh(),
    onError: (error) =>
      toast({ ...errorToastText(error, { title: 'Error', description: 'Failed to update session title' }), variant: 'destructive' }),
  });
}

export function useDeleteSession(onDeleted: (id: string) => void) {
  const { toast } = useToast();
  const refresh = useRefreshChat();
  return useMutation({
    mutationFn: (id: string) => deleteSession(id),
    onSuccess: (_result, id) => onDeleted(id),
    onSettled: () => refresh(),
    onError: (error) =>
      toast({ ...errorToastText(error, { title: 'Error', description: 'Failed to delete session' }), variant: 'destructive' }),
  });
}
