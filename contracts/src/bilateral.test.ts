import { bilateralFactor, type ExtremityRating } from './rating';

const leg = (side: 'left' | 'right', rating: number): ExtremityRating => ({ limb: 'leg', side, rating });
const arm = (side: 'left' | 'right', rating: number): ExtremityRating => ({ limb: 'arm', side, rating });

/** DOMAIN.md §1.4, "Bilateral worked examples (oracle)". */
describe('bilateral factor (38 CFR 4.26)', () => {
  it('10 L, 10 R with 60 and 20: 19 + 1.9 → 21, then 60, 21, 20 → 74 → 70 (the regulation example)', () => {
    const r = bilateralFactor([leg('left', 10), leg('right', 10)], [60, 20]);
    expect(r.groupValue).toBe(19);
    expect(r.factor).toBeCloseTo(1.9);
    expect(r.bilateralValue).toBe(21);
    expect(r.combined.ratings).toEqual([60, 21, 20]);
    expect(r.combined.steps.map((s) => s.to)).toEqual([68, 74]);
    expect(r.combined.rating).toBe(70);
    expect(r.withoutFactor.rating).toBe(70);
  });

  it('20 L, 10 R alone: 28 + 2.8 → 31, rated 30 (BVA 1549968)', () => {
    const r = bilateralFactor([leg('left', 20), leg('right', 10)]);
    expect([r.groupValue, r.bilateralValue, r.combined.rating]).toEqual([28, 31, 30]);
  });

  it('20 L knee, 20 R knee with tinnitus 10: 36 → 40, then 46 → 50 where 40 without the factor', () => {
    const r = bilateralFactor([leg('left', 20), leg('right', 20)], [10]);
    expect([r.groupValue, r.bilateralValue, r.combined.value, r.combined.rating]).toEqual([36, 40, 46, 50]);
    expect(r.withoutFactor.rating).toBe(40);
  });

  it('10 L, 10 R alone: 19 → 21, rated 20', () => {
    const r = bilateralFactor([arm('left', 10), arm('right', 10)]);
    expect([r.groupValue, r.bilateralValue, r.combined.rating]).toEqual([19, 21, 20]);
  });

  it('30 L, 10 R with 50: 37 → 41, then 71 → 70', () => {
    const r = bilateralFactor([leg('left', 30), leg('right', 10)], [50]);
    expect([r.groupValue, r.bilateralValue, r.combined.value, r.combined.rating]).toEqual([37, 41, 71, 70]);
  });

  it('all four limbs 20, 20, 10, 10 make one group: 48 → 53, rated 50', () => {
    const r = bilateralFactor([arm('left', 20), arm('right', 20), leg('left', 10), leg('right', 10)]);
    expect(r.group).toEqual([20, 20, 10, 10]);
    expect([r.groupValue, r.bilateralValue, r.combined.rating]).toEqual([48, 53, 50]);
  });

  it('paragraph (d): leaving one 10 L out gives 80 where the full group gives 70', () => {
    const r = bilateralFactor([leg('left', 10), leg('left', 10), leg('right', 30)], [40, 20]);
    expect(r.group).toEqual([30, 10]);
    expect(r.excluded).toEqual([leg('left', 10)]);
    expect([r.groupValue, r.bilateralValue]).toEqual([37, 41]);
    expect(r.combined.steps.map((s) => s.to)).toEqual([65, 72, 75]);
    expect(r.combined.rating).toBe(80);
  });

  it('no factor when one side is 0 % or only one side is rated', () => {
    expect(bilateralFactor([leg('left', 20), leg('right', 0)], [30]).group).toEqual([]);
    const oneSided = bilateralFactor([leg('left', 20), arm('right', 20)], [30]);
    expect(oneSided.group).toEqual([]);
    expect(oneSided.combined.rating).toBe(oneSided.withoutFactor.rating);
  });
});
