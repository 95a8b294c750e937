import { DRAFT_AUTOSAVE_MS, type PdforgeTemplateId } from '@cc/contracts';
import { useEffect, useRef, useState } from 'react';
import { saveDraft } from './model';

/**
 * Saves the draft 2 s after the last change, only when the veteran's name is filled in (doc 2 §4,
 * §9); `saving` is true while a save is pending (the "Saving..." badge). `version` counts the
 * user's changes, so opening a form (prefill or a loaded draft) does not save anything.
 */
export function useDraftAutosave(templateId: PdforgeTemplateId, draft: object, version: number, named: boolean): { saving: boolean } {
  const [saving, setSaving] = useState(false);
  const latest = useRef(draft);
  latest.current = draft;
  useEffect(() => {
    if (version === 0 || !named) {
      setSaving(false);
      return;
    }
    setSaving(true);
    const timer = window.setTimeout(() => {
      saveDraft(templateId, latest.current);
      setSaving(false);
    }, DRAFT_AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [templateId, version, named]);
  return { saving };
}
