import { findControlCharacter, hasControlCharacter, printableName } from './controlCharacters';

describe('findControlCharacter', () => {
  it('finds NUL and every C0 character but tab, line feed and carriage return', () => {
    const refused = Array.from({ length: 0x20 }, (_, code) => code).filter((code) => hasControlCharacter(`a${String.fromCharCode(code)}b`));
    expect(refused).toHaveLength(29);
    expect(refused).not.toContain(0x09);
    expect(refused).not.toContain(0x0a);
    expect(refused).not.toContain(0x0d);
    expect(hasControlCharacter('DEL \u007f and C1 \u0085 are not C0; é, 漢, 😀 are text')).toBe(false);
  });

  it('names the field like a zod path, keys included, with the character code', () => {
    expect(findControlCharacter({ a: 'fine', b: { c: ['x', 'y\u0000'] } })).toEqual({
      field: 'b.c.1',
      message: 'b.c.1 contains a control character (U+0000), which is not allowed',
    });
    expect(findControlCharacter({ 'bad\u001bkey': 1 }, 'query')?.field).toBe('query.bad\\u001bkey');
    expect(findControlCharacter('\u0007', 'path')?.message).toBe('path contains a control character (U+0007), which is not allowed');
    expect(findControlCharacter('\u0007')?.field).toBe('(body)');
    expect(findControlCharacter({ n: 1, b: true, z: null, s: 'line\r\n\ttab' })).toBeUndefined();
  });

  it('reports the first offender in document order', () => {
    expect(findControlCharacter({ first: ['\u0001'], second: '\u0002' })?.field).toBe('first.0');
  });

  it('walks any nesting a JSON parser accepts without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`);
    const found = findControlCharacter(deep)!;
    expect(found.field).toBe(`${'0.'.repeat(100)}…`);
    expect(found.message.length).toBeLessThan(300);
  });

  it('prints control characters in a name as escapes', () => {
    expect(printableName('a\u0000b\tc')).toBe('a\\u0000b\tc');
  });
});
