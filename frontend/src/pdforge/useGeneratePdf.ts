import { WIZARD_TOASTS, type PdforgeTemplateId } from '@cc/contracts';
import { useState } from 'react';
import type { ZodError } from 'zod';
import { ApiError, isUnauthorizedError } from '../api/http';
import { errorToastText } from '../api/errorToast';
import { useRefreshDocuments } from '../documents/queries';
import { useToast } from '../toast/useToast';
import { generatePdf } from './api';

export type FieldErrors = Record<string, string>;

/** `formData.x.0.y` or `x.0.y` → `x.0.y`, first message per field. */
export function fieldErrors(issues: { field?: string; path?: PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = (issue.field ?? (issue.path ?? []).map(String).join('.')).replace(/^formData\./, '');
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

export const zodFieldErrors = (error: ZodError) => fieldErrors(error.issues.map((i) => ({ path: i.path, message: i.message })));

/**
 * Generate PDF (doc 2 §7): the form is checked with the shared schema first (the server checks it
 * again), then the PDF opens in a new tab and the documents are refreshed (it is one of them now).
 * Answers the field errors to show, or null when it worked or failed for another reason (toasted).
 */
export function useGeneratePdf(templateId: PdforgeTemplateId, validate: () => FieldErrors | null) {
  const { toast } = useToast();
  const refreshDocuments = useRefreshDocuments();
  const [busy, setBusy] = useState(false);
  const [title, description] = WIZARD_TOASTS.generationFailed;

  const generate = async (formData: unknown): Promise<FieldErrors | null> => {
    const local = validate();
    if (local) {
      toast({ title, description, variant: 'destructive' });
      return local;
    }
    setBusy(true);
    // Opened before the request so a popup blocker sees the click; pointed at the PDF when it exists.
    const tab = window.open('', '_blank');
    try {
      const { pdfUrl } = await generatePdf(templateId, formData);
      if (tab) tab.location.href = pdfUrl;
      else window.open(pdfUrl, '_blank');
      toast({ title: WIZARD_TOASTS.pdfGenerated, description: 'It opens in a new tab and is saved with your documents.' });
      void refreshDocuments();
      return null;
    } catch (error) {
      tab?.close();
      if (isUnauthorizedError(error)) return null;
      toast({ ...errorToastText(error, { title, description }), variant: 'destructive' });
      if (error instanceof ApiError && error.status === 400) return fieldErrors(error.fieldErrors);
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { generate, busy };
}
