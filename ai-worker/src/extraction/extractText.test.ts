import { makePdf } from '../testing/makePdf';
import { EXTRACTION_REASONS, extractDocumentText } from './extractText';

describe('document text extraction', () => {
  it('reads the text of every page of a PDF', async () => {
    const pdf = makePdf([
      ['To whom it may concern,', 'It is at least as likely as not that his tinnitus'],
      ['is due to noise exposure in service.', 'Jane Roe, MD'],
    ]);
    const text = await extractDocumentText(pdf, 'application/pdf');
    expect(text).toContain('at least as likely as not');
    expect(text).toContain('noise exposure in service');
    expect(text).toContain('Jane Roe, MD');
  });

  it('reads a text file as UTF-8', async () => {
    const text = await extractDocumentText(
      Buffer.from('Buddy statement: Pat’s knee was injured at Fort Hood in 2004.'),
      'text/plain; charset=utf-8',
    );
    expect(text).toBe('Buddy statement: Pat’s knee was injured at Fort Hood in 2004.');
  });

  it('drops control characters, which PostgreSQL refuses in text and jsonb (a NUL would make the result unstorable)', async () => {
    const text = await extractDocumentText(
      Buffer.from('Hearing loss\u0000 noted\u0007 at separation.\u001b\nTinnitus\u007f since 2004.'),
      'text/plain',
    );
    expect(text).toBe('Hearing loss noted at separation.\nTinnitus since 2004.');
  });

  it('fails with a clear reason for a PDF without text (a scan), a damaged PDF, another type, and a large file', async () => {
    await expect(extractDocumentText(makePdf([[]]), 'application/pdf')).rejects.toMatchObject({ reason: EXTRACTION_REASONS.noText });
    await expect(extractDocumentText(Buffer.from('%PDF-1.4\nthis is not really a pdf'), 'application/pdf')).rejects.toMatchObject({
      reason: EXTRACTION_REASONS.unreadable,
    });
    await expect(extractDocumentText(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg')).rejects.toMatchObject({
      reason: EXTRACTION_REASONS.wrongType,
    });
    await expect(extractDocumentText(Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), 'text/plain; charset=utf-8')).rejects.toMatchObject({
      reason: EXTRACTION_REASONS.tooLarge,
    });
    await expect(extractDocumentText(Buffer.from('   \n  '), 'text/plain; charset=utf-8')).rejects.toMatchObject({
      reason: EXTRACTION_REASONS.noText,
    });
  });
});
