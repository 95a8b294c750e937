import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'two\nlines', null, 3, true]])).toBe('a,"b,c","say ""hi""","two\nlines",,3,true\r\n');
    expect(toCsv([['=HYPERLINK("x")', '+1', '-2', '@sum', 'plain']])).toBe(`"'=HYPERLINK(""x"")",'+1,'-2,'@sum,plain\r\n`);
    expect(toCsv([[-2]])).toBe('-2\r\n');
  });
});
