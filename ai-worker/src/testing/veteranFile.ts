import type { VeteranFile } from '@cc/contracts';

/** A veteran with two approved claims (PTSD 50 %, tinnitus 30 %: combined 70 %), for the chat engines' tests. */
export const TWO_APPROVED_CLAIMS: VeteranFile = {
  firstName: 'Casey',
  claims: [
    {
      id: 'c1',
      claimNumber: '2025-001',
      condition: 'PTSD',
      conditionType: 'primary',
      status: 'approved',
      ratingPercentage: 50,
      daysPending: 90,
      filedAt: '2025-01-01T00:00:00.000Z',
      decidedAt: '2025-04-01T00:00:00.000Z',
      decisionDate: null,
      nextAction: null,
    },
    {
      id: 'c2',
      claimNumber: '2025-002',
      condition: 'Tinnitus',
      conditionType: 'primary',
      status: 'approved',
      ratingPercentage: 30,
      daysPending: 60,
      filedAt: '2025-01-01T00:00:00.000Z',
      decidedAt: '2025-03-01T00:00:00.000Z',
      decisionDate: null,
      nextAction: null,
    },
  ],
  documents: [],
};
