import { EXTRACTION_REASONS, extractDocumentText } from './extractText';

/** A small, valid PDF whose pages draw the given lines with a standard font (or only a rectangle). */
function makePdf(pages: string[][]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) && objects.length;
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const pageIds: number[] = [];
  const pagesId = objects.length + 1 + pages.length * 2;
  for (const lines of pages) {
    const drawing = lines.length
      ? `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((l) => `(${l.replace(/[()\\]/g, '\\$&')}) '`).join(' ')} ET`
      : '0 0 1 rg 72 600 200 100 re f';
    const content = add(`<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`);
    pageIds.push(add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`));
  }
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`);
  const catalog = add(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

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
    const text = await extractDocumentText(Buffer.from('Buddy statement: Pat’s knee was injured at Fort Hood in 2004.'), 'text/plain; charset=utf-8');
    expect(text).toBe('Buddy statement: Pat’s knee was injured at Fort Hood in 2004.');
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
    await expect(extractDocumentText(Buffer.from('   \n  '), 'text/plain; charset=utf-8')).rejects.toMatchObject({ reason: EXTRACTION_REASONS.noText });
  });
});
