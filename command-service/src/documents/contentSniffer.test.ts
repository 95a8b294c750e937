import { sniffContentType } from './contentSniffer';

const bytes = (...values: number[]) => Buffer.from(values);

describe('content sniffing', () => {
  it('recognises the accepted types by their first bytes', () => {
    expect(sniffContentType(Buffer.from('%PDF-1.7\n...'), false)).toBe('pdf');
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), false)).toBe('jpeg');
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), false)).toBe('png');
    expect(sniffContentType(Buffer.from('GIF89a\x01\x00'), false)).toBe('gif');
    expect(sniffContentType(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0), false)).toBe('doc');
    const docx = Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0), Buffer.from('[Content_Types].xml....word/document.xml')]);
    expect(sniffContentType(docx, false)).toBe('docx');
    expect(sniffContentType(Buffer.from('Buddy statement\nI served with him in 2004.\n'), true)).toBe('txt');
  });

  it('refuses executables and other binaries, whatever their name', () => {
    const windowsExe = Buffer.concat([Buffer.from('MZ'), bytes(0x90, 0, 3, 0, 0, 0, 4, 0)]);
    expect(sniffContentType(windowsExe, false)).toBeUndefined();
    const elf = bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0);
    expect(sniffContentType(elf, false)).toBeUndefined();
    const zipOfSpreadsheet = Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04), Buffer.from('xl/workbook.xml')]);
    expect(sniffContentType(zipOfSpreadsheet, false)).toBeUndefined();
  });

  it('refuses text that is not UTF-8, and an empty file', () => {
    expect(sniffContentType(bytes(0xc3, 0x28, 0x41), true)).toBeUndefined();
    expect(sniffContentType(Buffer.alloc(0), true)).toBeUndefined();
  });

  it('accepts a multi-byte character cut off at the end of the prefix, but not at the end of the file', () => {
    const cut = Buffer.from('Résumé ✓').subarray(0, -1);
    expect(sniffContentType(cut, false)).toBe('txt');
    expect(sniffContentType(cut, true)).toBeUndefined();
  });
});
