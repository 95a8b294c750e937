import type { AiAssistResponse, GeneratePdfResponse, PdforgeTemplateId } from '@cc/contracts';
import { apiJson } from '../api/http';

/** The pdfforge calls of spec doc 2 §7 (same-origin JSON with the session cookie). */

export function generatePdf(templateId: PdforgeTemplateId, formData: unknown): Promise<GeneratePdfResponse> {
  return apiJson<GeneratePdfResponse>('/api/pdforge/generate', { method: 'POST', body: { templateId, formData } });
}

export interface AiAssistRequest {
  fieldName: string;
  fieldDescription: string;
  context: Record<string, unknown>;
  documentText?: string;
}

export function aiAssist(request: AiAssistRequest): Promise<AiAssistResponse> {
  return apiJson<AiAssistResponse>('/api/pdforge/ai-assist', { method: 'POST', body: { documentText: '', ...request } });
}

export interface CopilotTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** POST /api/copilot/chat: `{message, context, history}` → `{message}` (the chat feature's route). */
export function copilotChat(message: string, context: Record<string, unknown>, history: CopilotTurn[]): Promise<{ message: string }> {
  return apiJson<{ message: string }>('/api/copilot/chat', { method: 'POST', body: { message, context, history } });
}
