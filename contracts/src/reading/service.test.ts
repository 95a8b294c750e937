import { overlapOf, servicePeriods } from './dates';
import { chronicDiseasePresumption, presumptionsFor, readServicePlaces, type PresumptionStatus } from './service';

const spans = (sentence: string) => servicePeriods(sentence).map((p) => `${p.start.earliest}..${p.end.latest}`);

describe('service dates are read as periods', () => {
  it.each([
    ['Served in the Republic of Vietnam from March 1975 to February 1976.', ['1975-03-01..1976-02-29']],
    ['Served in Vietnam 1968–69 with the 1st Cavalry Division.', ['1968-01-01..1969-12-31']],
    ['Two tours in Vietnam, 1967 and 1970.', ['1967-01-01..1967-12-31', '1970-01-01..1970-12-31']],
    ['Stationed at Camp Casey near the Korean DMZ in 1975.', ['1975-01-01..1975-12-31']],
    ['Deployed to Iraq from 04/2004 to 03/2005.', ['2004-04-01..2005-03-31']],
    ['Stationed at Camp Lejeune from 6 June 1979 to 10 June 1979.', ['1979-06-06..1979-06-10']],
    ['Served at Udorn RTAFB, Thailand, Sept. 1, 1967 - Aug. 31, 1968.', ['1967-09-01..1968-08-31']],
    ['Stationed at Camp Lejeune between 1985 and 1987.', ['1985-01-01..1987-12-31']],
    ['Served in Vietnam from 1966 to 1967, and was diagnosed with diabetes in 2010.', ['1966-01-01..1967-12-31']],
  ])('%s', (sentence, expected) => {
    expect(spans(sentence)).toEqual(expected);
  });

  it('a month-precision start may or may not fall inside a window that ends mid-month', () => {
    const [period] = servicePeriods('Arrived in Vietnam in May 1975 and left in June 1975.');
    expect(overlapOf(period!, { from: '1962-01-09', to: '1975-05-07' })).toBe('possible');
    const [inside] = servicePeriods('Served in Vietnam in 1969.');
    expect(overlapOf(inside!, { from: '1962-01-09', to: '1975-05-07' })).toBe('certain');
  });
});

describe('places of service (DOMAIN §9)', () => {
  it.each([
    ['I never deployed to Iraq.', []],
    ['I was scheduled to deploy to Iraq but did not go.', []],
    ['He had orders for Vietnam in 1970, but they were cancelled.', []],
    ['Stationed at Fort Hood during the Vietnam era.', []],
    ['He served at Fort Hood during the Vietnam War.', []],
    ['My brother served in Vietnam in 1969.', []],
    ['I served in Vietnam with the 101st Airborne in 1969.', ['the Republic of Vietnam:certain']],
    ['Although not in combat, he served in Thailand at Korat RTAFB in 1970.', ['Thailand:certain']],
    ['Stationed at Camp Casey near the Korean DMZ in 1975.', ['the Korean DMZ:none']],
    ['Served in Vietnam in 1978 as an embassy guard.', ['the Republic of Vietnam:none']],
    ['Deployed to Afghanistan with the 10th Mountain Division.', ['Afghanistan:no-dates']],
    ['Herbicide exposure along the Korean DMZ is presumed only for service between September 1, 1967 and August 31, 1971.', []],
  ] as const)('%s', (sentence, expected) => {
    expect(readServicePlaces(sentence).map((m) => `${m.place.name}:${m.overlap}`)).toEqual(expected);
  });
});

const judge = (sentence: string, names: string[], evidence: string[] = []) => presumptionsFor([sentence], { names, evidence })[0];
const status = (sentence: string, names: string[], evidence: string[] = []): PresumptionStatus | 'none' =>
  judge(sentence, names, evidence)?.status ?? 'none';

describe('presumptions: place, window to the day and the condition qualifier', () => {
  it.each([
    // The cases that made the nexus "not needed" before.
    ['Stationed at Camp Casey near the Korean DMZ in 1975.', ['Diabetes mellitus type 2'], 'outside'],
    ['Served in Vietnam in 1978 as an embassy guard.', ['Ischemic heart disease'], 'outside'],
    ['Stationed at Fort Hood during the Vietnam era.', ['Prostate cancer'], 'none'],
    ['I never deployed to Iraq.', ['Asthma'], 'none'],
    // Windows to the day.
    ['Served in the Korean DMZ from October 1968 to September 1969.', ['Ischemic heart disease'], 'presumed'],
    // Arrived by March 31, 1975 at the latest, so in Vietnam before the window closed on May 7, 1975.
    ['Served in Vietnam from March 1975 to February 1976.', ['Prostate cancer'], 'presumed'],
    // Arrived some day of May 1975: before or after May 7?
    ['Served in Vietnam from May 1975 to February 1976.', ['Prostate cancer'], 'possible'],
    ['Served in Vietnam 1968–69 with the 1st Cavalry.', ['Prostate cancer'], 'presumed'],
    ['Two tours in Vietnam, 1967 and 1970.', ['Prostate cancer'], 'presumed'],
    ['Served in Laos in 1971.', ['Prostate cancer'], 'outside'],
    ['Served at Johnston Atoll from 1973 to 1975.', ['Hypothyroidism'], 'presumed'],
    ['Deployed to Iraq in 1985.', ['COPD'], 'outside'],
    ['Deployed to Iraq in 2005 near the burn pits at Balad.', ['COPD'], 'presumed'],
    ['Deployed to Afghanistan in 1999.', ['Chronic sinusitis'], 'outside'],
    // Camp Lejeune needs 30 days or more.
    ['Stationed at Camp Lejeune from 6 June 1979 to 10 June 1979.', ['Kidney cancer'], 'outside'],
    ['Stationed at Camp Lejeune from June 1979 to May 1981.', ['Kidney cancer'], 'presumed'],
    ['Stationed at Camp Lejeune in 1979.', ['Kidney cancer'], 'possible'],
    // A place without dates is never more than assumed.
    ['Served in Vietnam with the 1st Infantry Division.', ['Prostate cancer'], 'possible'],
    // Radiation (38 CFR 3.309(d)).
    ['Took part in the Enewetak Atoll cleanup in 1978.', ['Thyroid cancer'], 'presumed'],
    ['Took part in the Enewetak Atoll cleanup in 1978.', ['Tinnitus'], 'none'],
  ] as const)('%s + %s → %s', (sentence, names, expected) => {
    const want = expected === 'possible' ? 'assumed' : expected;
    expect(status(sentence, [...names])).toBe(want);
  });

  it('a place without dates names the records that would confirm them', () => {
    const hit = judge('Served in Vietnam with the 1st Infantry Division.', ['Prostate cancer'])!;
    expect(hit.nextStep).toMatch(/DD-214 or personnel records/);
    expect(hit.nextStep).toMatch(/Jan 9, 1962 – May 7, 1975/);
  });

  it('diabetes: type 2 only', () => {
    const vietnam = 'Served in Vietnam in 1969.';
    expect(status(vietnam, ['Diabetes mellitus type 2'], ['Diagnosed with type 2 diabetes mellitus in 2008.'])).toBe('presumed');
    expect(status(vietnam, ['Diabetes'], ['Diagnosed with type 1 diabetes at age 12.'])).toBe('outside');
    expect(status(vietnam, ['Diabetes'], ['Diabetes, on metformin.'])).toBe('assumed');
    expect(judge(vietnam, ['Diabetes'])!.nextStep).toMatch(/names the type of diabetes/);
  });

  it('chloracne, early-onset peripheral neuropathy and porphyria: 10 % within a year of exposure', () => {
    const vietnam = 'Served in Vietnam in 1969.';
    expect(status(vietnam, ['Peripheral neuropathy'], ['Peripheral neuropathy of both feet, diagnosed in 2015.'])).toBe('assumed');
    expect(judge(vietnam, ['Peripheral neuropathy'])!.nextStep).toMatch(/first year after the exposure/);
    expect(
      status(
        vietnam,
        ['Peripheral neuropathy'],
        ['Peripheral neuropathy began within six months of his return and was rated 10 percent disabling.'],
      ),
    ).toBe('presumed');
  });

  it('burn pit asthma: diagnosed after service only', () => {
    const iraq = 'Deployed to Iraq in 2005.';
    expect(status(iraq, ['Asthma'], ['He was diagnosed with asthma in 2009, after returning from Iraq and his discharge.'])).toBe(
      'presumed',
    );
    expect(status(iraq, ['Asthma'], ['History of childhood asthma, well controlled.'])).toBe('outside');
    expect(status(iraq, ['Asthma'], ['Asthma, on albuterol.'])).toBe('assumed');
  });
});

describe('chronic diseases within a year of separation (38 CFR 3.309(a))', () => {
  it.each([
    [
      ['Hypertension'],
      ['Hypertension was diagnosed eight months after his discharge and treated with lisinopril, rated 10 percent.'],
      'presumed',
    ],
    [['Hypertension'], ['Hypertension was diagnosed within one year of separation.'], 'assumed'],
    [['Sensorineural hearing loss'], ['Hearing loss noted five years after separation.'], 'none'],
    [['Knee strain'], ['Knee strain within a year of discharge.'], 'none'],
  ] as const)('%s', (names, evidence, expected) => {
    expect(chronicDiseasePresumption({ names, evidence })?.status ?? 'none').toBe(expected);
  });
});
