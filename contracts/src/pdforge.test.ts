import {
  checkNexusLetter,
  claimPackageFormSchema,
  joinIssues,
  nexusLetterFormSchema,
  normalizeClaimPackage,
  reviewCounts,
  type NexusLetterFormInput,
} from './pdforge';

const base = { veteran_full_name: 'Jane Doe', va_file_number: '12345678', ssn_last4: '1234' };
const errorsOf = (input: unknown) => {
  const r = claimPackageFormSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('claim package form rules (doc 2 §5)', () => {
  it('accepts the minimum and fills defaults', () => {
    const form = claimPackageFormSchema.parse(base);
    expect(form.service_timeline_part_a).toEqual([]);
    expect(form.evidence_checklist).toEqual({});
    expect(form.combined_rating).toBeUndefined();
  });

  it('treats empty number inputs as not given and number strings as numbers', () => {
    expect(claimPackageFormSchema.parse({ ...base, combined_rating: '', onset_year: '' }).combined_rating).toBeUndefined();
    expect(claimPackageFormSchema.parse({ ...base, combined_rating: '70', onset_year: '2011' })).toMatchObject({
      combined_rating: 70,
      onset_year: 2011,
    });
  });

  it.each([
    [{ ssn_last4: '12345' }, 'ssn_last4: SSN last 4 must be at most 4 digits'],
    [{ ssn_last4: '' }, 'ssn_last4: SSN last 4 is required'],
    [{ veteran_full_name: ' ' }, 'veteran_full_name: Veteran name is required'],
    [{ va_file_number: '' }, 'va_file_number: VA file number is required'],
    [{ combined_rating: 101 }, 'combined_rating: Combined rating must be between 0 and 100'],
    [{ combined_rating: 'abc' }, 'combined_rating: Combined rating must be between 0 and 100'],
    [{ onset_year: 1949 }, `onset_year: Onset year must be between 1950 and ${new Date().getFullYear()}`],
    [
      { denials_summary: [{ appeal_status: 'won' }] },
      'denials_summary.0.appeal_status: Choose one of: not_appealed, appeal_window_open, hlr_pending, supplemental_pending, bva_pending',
    ],
    [{ objectives: ['world_peace'] }, 'objectives.0'],
  ])('refuses %j', (change, message) => {
    expect(errorsOf({ ...base, ...change }).join('\n')).toContain(message);
  });
});

describe('legacy lists and issue_list (doc 2 §3)', () => {
  it('maps service_periods and deployments into an empty timeline, and keeps a filled one', () => {
    const legacy = claimPackageFormSchema.parse({
      ...base,
      service_periods: [{ branch: 'Navy', startDate: '1990', endDate: '1994', unit: 'USS Example', mos: 'BM' }],
      deployments: [{ operation: 'Desert Storm', location: 'Kuwait' }],
    });
    const out = normalizeClaimPackage(legacy);
    expect(out.service_timeline_part_a).toEqual([
      { from: '1990', to: '1994', branch: 'Navy', unit_command: 'USS Example', mos_afsc: 'BM' },
    ]);
    expect(out.service_timeline_part_b[0]).toMatchObject({
      duty_status: 'Active',
      deployments_operations: 'Desert Storm — Kuwait',
      line_of_duty_y_n: 'Y',
    });
    const filled = normalizeClaimPackage({
      ...legacy,
      service_timeline_part_a: [{ from: 'a', to: 'b', branch: '', unit_command: '', mos_afsc: '' }],
    });
    expect(filled.service_timeline_part_a).toHaveLength(1);
    expect(filled.service_timeline_part_a[0]!.from).toBe('a');
  });

  it('joins the claim issues with commas, once each', () => {
    const form = claimPackageFormSchema.parse({
      ...base,
      claims_summary: [{ issue: 'Tinnitus' }, { issue: ' PTSD ' }],
      detailed_claims: [{ claim_issue: 'Tinnitus' }],
    });
    expect(joinIssues(form)).toBe('Tinnitus, PTSD');
    expect(normalizeClaimPackage({ ...form, issue_list: 'my own words' }).issue_list).toBe('my own words');
  });

  it('counts service periods, claims and denied claims for the review step', () => {
    expect(reviewCounts({ ...base, service_periods: [{}, {}], claims_summary: [{}], denials_summary: [] })).toEqual({
      servicePeriods: 2,
      claims: 1,
      deniedClaims: 0,
    });
  });
});

describe('nexus letter checks (DOMAIN §3.3)', () => {
  const strong: NexusLetterFormInput = {
    ...base,
    condition: 'Obstructive sleep apnea',
    diagnosis_code: 'G47.33',
    connection_type: 'secondary',
    primary_condition: 'PTSD',
    opinion_standard: 'at least as likely as not (50 percent or greater probability)',
    rationale:
      'Chronic hyperarousal fragments sleep and weight gained on medication for PTSD increases airway collapsibility; both are documented in the treatment records of this veteran from 2016 onward, and the literature supports the mechanism.',
    records_reviewed: ['Service treatment records'],
    provider_name: 'Elena Rivera',
    credentials: 'MD',
    specialty: 'Sleep medicine',
    contact: 'clinic',
    opinion_date: '2024-02-01',
    contrary_evidence: 'The negative C&P opinion ignored the weight gain.',
  };
  const codes = (f: NexusLetterFormInput) => checkNexusLetter(f).map((w) => w.code);

  it('finds nothing to weaken a complete letter', () => {
    expect(checkNexusLetter(strong)).toEqual([]);
    expect(nexusLetterFormSchema.safeParse(strong).success).toBe(true);
  });

  it('lists speculative wording, no rationale, no records reviewed', () => {
    expect(codes({ ...strong, rationale: 'It could possibly be related.' })).toEqual(
      expect.arrayContaining(['speculative-wording', 'thin-rationale']),
    );
    expect(codes({ ...strong, rationale: '' })).toContain('no-rationale');
    expect(codes({ ...strong, records_reviewed: [' '] })).toContain('no-records-reviewed');
    expect(checkNexusLetter({ ...strong, rationale: '' }).find((w) => w.code === 'no-rationale')!.severity).toBe('serious');
  });

  it('asks a direct opinion for the in-service event, a secondary one for the primary condition, an aggravation one for a baseline', () => {
    expect(codes({ ...strong, connection_type: 'direct' })).toContain('no-in-service-event');
    expect(codes({ ...strong, primary_condition: '' })).toContain('no-primary-condition');
    expect(codes({ ...strong, connection_type: 'aggravation' })).toEqual(
      expect.arrayContaining(['no-baseline', 'no-aggravation-statement']),
    );
    expect(codes({ ...strong, opinion_standard: 'less likely than not (less than 50 percent probability)' })).toContain(
      'unfavourable-standard',
    );
  });
});
