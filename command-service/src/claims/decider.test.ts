import type { ClaimStatus, SealedData } from '@cc/contracts';
import { deciderSpec } from '@cc/platform/testing/deciderSpec';
import { claimDecider, type ClaimCommand, type ClaimEvent } from './decider';

const sealed = (tag: string): SealedData => ({ alg: 'A256GCM', iv: 'aXY=', tag, data: 'ZGF0YQ==' });
const OWNER = 'owner-1';
const base = { claimId: 'c1', userId: OWNER };

const filed: ClaimEvent = {
  type: 'ClaimFiled',
  data: {
    ...base,
    claimNumber: '2026-001',
    text: sealed('t'),
    conditionType: 'primary',
    priority: 'normal',
    estimatedDecisionDate: null,
    filedAt: '2026-01-05T10:00:00.000Z',
  },
};

const { given } = deciderSpec(claimDecider);

const status = (to: ClaimStatus, actorId = OWNER, note: SealedData | null = null): ClaimCommand => ({
  type: 'ChangeClaimStatus',
  data: { actorId, claimId: 'c1', status: to, note },
});

describe('claim decider', () => {
  describe('filing', () => {
    it('files a claim for the actor', () => {
      const { userId: _u, ...rest } = filed.data;
      given()
        .when({ type: 'FileClaim', data: { ...rest, actorId: OWNER } })
        .then([filed]);
    });

    it('refuses to file the same claim twice', () => {
      const { userId: _u, ...rest } = filed.data;
      given(filed)
        .when({ type: 'FileClaim', data: { ...rest, actorId: OWNER } })
        .thenFails('conflict');
    });
  });

  describe('status', () => {
    it('moves to any of the five statuses, with the progress of the new status', () => {
      given(filed)
        .when(status('evidence_review'))
        .then([
          { type: 'ClaimStatusChanged', data: { ...base, from: 'submitted', to: 'evidence_review', progressPercentage: 50, note: null } },
        ]);
      given(filed)
        .when(status('approved'))
        .then([{ type: 'ClaimStatusChanged', data: { ...base, from: 'submitted', to: 'approved', progressPercentage: 100, note: null } }]);
    });

    it('allows any order, e.g. from denied back to initial review', () => {
      const denied: ClaimEvent = {
        type: 'ClaimStatusChanged',
        data: { ...base, from: 'submitted', to: 'denied', progressPercentage: 100, note: null },
      };
      given(filed, denied)
        .when(status('initial_review'))
        .then([
          { type: 'ClaimStatusChanged', data: { ...base, from: 'denied', to: 'initial_review', progressPercentage: 25, note: null } },
        ]);
    });

    it('records nothing when the status does not change and there is no note', () => {
      given(filed).when(status('submitted')).then([]);
    });

    it('records a same-status change when it carries a note', () => {
      given(filed)
        .when(status('submitted', OWNER, sealed('n')))
        .then([
          { type: 'ClaimStatusChanged', data: { ...base, from: 'submitted', to: 'submitted', progressPercentage: 10, note: sealed('n') } },
        ]);
    });

    it("answers someone else's claim, and a missing one, as not found", () => {
      given(filed).when(status('approved', 'intruder')).thenFails('not-found');
      given().when(status('approved')).thenFails('not-found');
    });
  });

  describe('rating', () => {
    const rate = (rating: number | null, actorId = OWNER): ClaimCommand => ({
      type: 'ChangeClaimRating',
      data: { actorId, claimId: 'c1', rating },
    });

    it('sets, changes and clears the rating', () => {
      given(filed)
        .when(rate(70))
        .then([{ type: 'ClaimRatingChanged', data: { ...base, from: null, to: 70 } }]);
      const seventy: ClaimEvent = { type: 'ClaimRatingChanged', data: { ...base, from: null, to: 70 } };
      given(filed, seventy)
        .when(rate(null))
        .then([{ type: 'ClaimRatingChanged', data: { ...base, from: 70, to: null } }]);
      given(filed, seventy).when(rate(70)).then([]);
    });

    it("refuses someone else's claim", () => {
      given(filed).when(rate(10, 'intruder')).thenFails('not-found');
    });
  });

  describe('notes', () => {
    it('adds a note with its type and importance', () => {
      given(filed)
        .when({
          type: 'AddClaimNote',
          data: { actorId: OWNER, claimId: 'c1', noteId: 'n1', note: sealed('n'), noteType: 'reminder', isImportant: true },
        })
        .then([{ type: 'ClaimNoteAdded', data: { ...base, noteId: 'n1', note: sealed('n'), noteType: 'reminder', isImportant: true } }]);
    });

    it("refuses a note on someone else's claim", () => {
      given(filed)
        .when({
          type: 'AddClaimNote',
          data: { actorId: 'intruder', claimId: 'c1', noteId: 'n1', note: sealed('n'), noteType: 'general', isImportant: false },
        })
        .thenFails('not-found');
    });
  });

  describe('tracking details', () => {
    it('records only what changes', () => {
      given(filed)
        .when({
          type: 'UpdateClaimDetails',
          data: { actorId: OWNER, claimId: 'c1', priority: 'urgent', estimatedDecisionDate: '2026-06-01' },
        })
        .then([
          { type: 'ClaimPriorityChanged', data: { ...base, from: 'normal', to: 'urgent' } },
          { type: 'ClaimDecisionDateEstimated', data: { ...base, from: null, to: '2026-06-01' } },
        ]);
      given(filed)
        .when({ type: 'UpdateClaimDetails', data: { actorId: OWNER, claimId: 'c1', priority: 'normal', estimatedDecisionDate: null } })
        .then([]);
      given(filed)
        .when({ type: 'UpdateClaimDetails', data: { actorId: OWNER, claimId: 'c1', nextAction: sealed('a') } })
        .then([{ type: 'ClaimNextActionChanged', data: { ...base, nextAction: sealed('a') } }]);
    });
  });

  describe('decision date', () => {
    const approved: ClaimEvent = {
      type: 'ClaimStatusChanged',
      data: { ...base, from: 'submitted', to: 'approved', progressPercentage: 100, note: null },
    };
    const dated: ClaimEvent = { type: 'ClaimDecisionDateSet', data: { ...base, from: null, to: '2026-03-02' } };
    const decide = (to: ClaimStatus, decisionDate?: string, today = '2026-05-01'): ClaimCommand => ({
      type: 'ChangeClaimStatus',
      data: { actorId: OWNER, claimId: 'c1', status: to, note: null, decisionDate, today },
    });
    const edit = (decisionDate: string | null, today = '2026-05-01'): ClaimCommand => ({
      type: 'UpdateClaimDetails',
      data: { actorId: OWNER, claimId: 'c1', decisionDate, today },
    });

    it('is set together with approved or denied', () => {
      given(filed)
        .when(decide('denied', '2026-03-02'))
        .then([
          { type: 'ClaimStatusChanged', data: { ...base, from: 'submitted', to: 'denied', progressPercentage: 100, note: null } },
          { type: 'ClaimDecisionDateSet', data: { ...base, from: null, to: '2026-03-02' } },
        ]);
      given(filed, approved).when(decide('approved', '2026-03-02')).then([dated]);
      given(filed, approved, dated).when(decide('approved', '2026-03-02')).then([]);
    });

    it('can be edited and cleared on a decided claim', () => {
      given(filed, approved).when(edit('2026-03-02')).then([dated]);
      given(filed, approved, dated)
        .when(edit('2026-02-27'))
        .then([{ type: 'ClaimDecisionDateSet', data: { ...base, from: '2026-03-02', to: '2026-02-27' } }]);
      given(filed, approved, dated)
        .when(edit(null))
        .then([{ type: 'ClaimDecisionDateSet', data: { ...base, from: '2026-03-02', to: null } }]);
      given(filed, approved).when(edit(null)).then([]);
    });

    it('belongs to a decided claim only, and is never in the future (one day of slack for time zones)', () => {
      given(filed).when(edit('2026-03-02')).thenFails('invalid');
      given(filed).when(decide('evidence_review', '2026-03-02')).thenFails('invalid');
      given(filed, approved).when(edit('2026-05-03')).thenFails('invalid');
      given(filed, approved)
        .when(edit('2026-05-02'))
        .then([{ type: 'ClaimDecisionDateSet', data: { ...base, from: null, to: '2026-05-02' } }]);
    });

    it('is cleared when the claim is reopened, since the decision no longer stands', () => {
      given(filed, approved, dated)
        .when(decide('evidence_review'))
        .then([
          { type: 'ClaimStatusChanged', data: { ...base, from: 'approved', to: 'evidence_review', progressPercentage: 50, note: null } },
          { type: 'ClaimDecisionDateSet', data: { ...base, from: '2026-03-02', to: null } },
        ]);
      // From approved to denied the decision date stays unless a new one is given.
      given(filed, approved, dated)
        .when(decide('denied'))
        .then([{ type: 'ClaimStatusChanged', data: { ...base, from: 'approved', to: 'denied', progressPercentage: 100, note: null } }]);
    });
  });
});
