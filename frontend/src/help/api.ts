import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Claim, HelpArticle, OpenSupportRequestBody, SupportRequestDetail, SupportRequestSummary } from '@cc/contracts';
import { apiJson } from '../api/http';

export const helpKeys = {
  all: ['help'] as const,
  requests: ['help', 'requests'] as const,
  request: (id: string) => ['help', 'requests', id] as const,
  articles: (q: string) => ['help', 'articles', q] as const,
};

const requestPath = (id: string) => `/api/support-requests/${encodeURIComponent(id)}`;

export const useSupportRequests = () =>
  useQuery({
    queryKey: helpKeys.requests,
    queryFn: ({ signal }) =>
      apiJson<SupportRequestSummary[]>(`/api/support-requests?sort=${encodeURIComponent('["updatedAt","DESC"]')}`, { signal }),
  });

export const useSupportRequest = (id: string) =>
  useQuery({ queryKey: helpKeys.request(id), queryFn: ({ signal }) => apiJson<SupportRequestDetail>(requestPath(id), { signal }) });

export const useHelpArticles = (q: string) =>
  useQuery({
    queryKey: helpKeys.articles(q),
    queryFn: ({ signal }) => apiJson<HelpArticle[]>(`/api/help/articles${q ? `?q=${encodeURIComponent(q)}` : ''}`, { signal }),
    staleTime: Infinity,
  });

/** The veteran's claims, for the request form's optional claim. */
export const useOwnClaims = () =>
  useQuery({ queryKey: ['help', 'claims'], queryFn: ({ signal }) => apiJson<Claim[]>('/api/claims', { signal }) });

/** After any change the request list and the thread are fetched again. */
function useSupportMutation<Args>(call: (args: Args) => Promise<SupportRequestDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      if (detail?.id) queryClient.setQueryData(helpKeys.request(detail.id), detail);
      return queryClient.invalidateQueries({ queryKey: helpKeys.requests });
    },
  });
}

export const useOpenRequest = () =>
  useSupportMutation((body: OpenSupportRequestBody) => apiJson<SupportRequestDetail>('/api/support-requests', { method: 'POST', body }));

export const useReply = (id: string) =>
  useSupportMutation((message: string) =>
    apiJson<SupportRequestDetail>(`${requestPath(id)}/replies`, { method: 'POST', body: { message } }),
  );

export const useCloseRequest = (id: string) =>
  useSupportMutation(() => apiJson<SupportRequestDetail>(`${requestPath(id)}/close`, { method: 'POST', body: {} }));
