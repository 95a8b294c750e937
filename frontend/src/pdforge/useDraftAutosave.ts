import { DRAFT_AUTOSAVE_MS, type PdforgeTemplateId } from '@cc/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { saveDraft } from './model';

/**
 * Saves the draft 2 s after the last change, only when the veteran's name is filled in (doc 2 §4,
 * §9); `saving` is true while a save is pending (the "Saving..." badge). `version` counts the
 * user's changes, so opening a form (prefill or a loaded draft) does not save anything. With the
 * Auto-save setting off (`enabled` false) nothing is saved here: only Save Draft saves.
 */
export function useDraftAutosave(
  templateId: PdforgeTemplateId,
  draft: object,
  version: number,
  named: boolean,
  enabled: boolean,
): { saving: boolean } {
  const [saved, setSaved] = useState<{ templateId: PdforgeTemplateId; version: number } | null>(null);
  // Saves the draft as it is when the timer fires, not as it was when the timer was set.
  const saveLatest = useEffectEvent(() => {
    saveDraft(templateId, draft);
    setSaved({ templateId, version });
  });
  const due = enabled && version !== 0 && named;
  useEffect(() => {
    if (!due) return;
    const timer = window.setTimeout(() => saveLatest(), DRAFT_AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [templateId, version, due]);
  return { saving: due && (saved?.templateId !== templateId || saved.version !== version) };
}
