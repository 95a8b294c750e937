import { emptyNexusLetter, nexusLetterForLink, nexusLinkOf } from './model';

describe('a link into the nexus letter', () => {
  it('reads the condition, the claim and the theory from the address', () => {
    const params = new URLSearchParams({
      tab: 'pdfforge',
      template: 'nexus-letter',
      claimId: 'c1',
      condition: ' Sleep apnea ',
      connection: 'secondary',
      primary: 'PTSD',
    });
    expect(nexusLinkOf(params)).toEqual({ condition: 'Sleep apnea', claimId: 'c1', connection: 'secondary', primary: 'PTSD' });
    expect(nexusLinkOf(new URLSearchParams({ template: 'nexus-letter' }))).toBeNull();
    expect(nexusLinkOf(new URLSearchParams({ condition: 'Knee', connection: 'sideways' }))?.connection).toBeNull();
  });

  it('keeps a saved draft about the same condition and starts afresh for another one', () => {
    const fresh = { ...emptyNexusLetter(), veteran_full_name: 'Vera Veteran', condition: 'Tinnitus' };
    const stored = { ...emptyNexusLetter(), condition: 'sleep apnea', rationale: 'My rationale' };
    const link = { condition: 'Sleep apnea', claimId: null, connection: 'secondary' as const, primary: 'PTSD' };
    const same = nexusLetterForLink(link, stored, fresh);
    expect(same).toMatchObject({
      fromDraft: true,
      draft: { condition: 'Sleep apnea', rationale: 'My rationale', connection_type: 'secondary', primary_condition: 'PTSD' },
    });
    const other = nexusLetterForLink({ ...link, condition: 'Knee condition', connection: null, primary: null }, stored, fresh);
    expect(other).toMatchObject({
      fromDraft: false,
      draft: { condition: 'Knee condition', veteran_full_name: 'Vera Veteran', rationale: '', connection_type: 'direct' },
    });
  });
});
