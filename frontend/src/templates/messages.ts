/** The forms page's toasts and empty states, verbatim from spec doc 2 §2.2 and §8. */
export const FORMS_MESSAGES = {
  downloadUnavailable: { title: 'Download Unavailable', description: "This form's PDF is not currently available" },
  syncFailed: { title: 'Sync Failed', description: 'Failed to sync DBQs from VA website' },
  errorLoadingVaForms: { title: 'Error Loading VA Forms', description: 'Unable to fetch VA forms from the API. Please try again later.' },
  errorLoadingDbqs: {
    title: 'Error Loading DBQ Forms',
    description: 'Unable to fetch DBQ forms from the database. Please try again later.',
  },
  downloadTracked: 'Download Tracked',
  syncComplete: 'DBQ Sync Complete',
  noVaForms: 'No VA Forms Found',
  noDbqs: 'No DBQ Forms Found',
  noResults: 'No Results Found',
} as const;

/** "Added 1, updated 2, retired 0 (VA website)". */
export function syncSummary(answer: { added: number; updated: number; retired: number; source: string }): string {
  return `Added ${answer.added}, updated ${answer.updated}, retired ${answer.retired} (${answer.source})`;
}
