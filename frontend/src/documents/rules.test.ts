/// <reference types="jest" />
import {
  ACCEPT_ATTRIBUTE,
  contentTypeOf,
  extensionOf,
  ignoredFilesNotice,
  MAX_FILE_SIZE_BYTES,
  selectFiles,
  SUPPORTED_TYPES_TEXT,
  tooLargeMessage,
  UPLOAD_HINT,
} from './rules';

const MB = 1024 * 1024;
const file = (name: string, size = 1000) => ({ name, size });

describe('upload selection rules', () => {
  it('keeps at most 5 files per selection and ignores the rest', () => {
    const files = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => file(`${n}.pdf`));
    const selection = selectFiles(files);
    expect(selection.accepted.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf']);
    expect(selection.ignored.map((f) => f.name)).toEqual(['f.pdf', 'g.pdf']);
  });

  it('skips files over 50 MB and keeps a file of exactly 50 MB', () => {
    expect(MAX_FILE_SIZE_BYTES).toBe(50 * MB);
    const selection = selectFiles([file('big.pdf', 50 * MB + 1), file('edge.pdf', 50 * MB), file('small.txt', 10)]);
    expect(selection.tooLarge.map((f) => f.name)).toEqual(['big.pdf']);
    expect(selection.accepted.map((f) => f.name)).toEqual(['edge.pdf', 'small.txt']);
  });

  it('applies the 5-file cap before the size check (a skipped large file still counts)', () => {
    const files = [file('1.pdf', 60 * MB), file('2.pdf'), file('3.pdf'), file('4.pdf'), file('5.pdf'), file('6.pdf')];
    const selection = selectFiles(files);
    expect(selection.tooLarge.map((f) => f.name)).toEqual(['1.pdf']);
    expect(selection.accepted).toHaveLength(4);
    expect(selection.ignored.map((f) => f.name)).toEqual(['6.pdf']);
  });

  it('skips types the picker does not accept (dropped files)', () => {
    const selection = selectFiles([file('sheet.xlsx'), file('slides.pptx'), file('noext'), file('photo.JPG'), file('letter.docx')]);
    expect(selection.unsupported.map((f) => f.name)).toEqual(['sheet.xlsx', 'slides.pptx', 'noext']);
    expect(selection.accepted.map((f) => f.name)).toEqual(['photo.JPG', 'letter.docx']);
  });

  it('writes the spec texts', () => {
    expect(tooLargeMessage('scan.pdf')).toBe('scan.pdf is larger than 50MB');
    expect(UPLOAD_HINT).toBe('Maximum 5 files, up to 50MB each');
    expect(SUPPORTED_TYPES_TEXT).toBe('PDF, Word, Excel, PowerPoint, Images (JPG, PNG), Text');
    expect(ACCEPT_ATTRIBUTE).toBe('.pdf,.doc,.docx,.txt,.jpg,.jpeg,.png,.gif');
  });

  it('says how many files were ignored', () => {
    expect(ignoredFilesNotice(0)).toBeNull();
    expect(ignoredFilesNotice(1)).toBe('Only the first 5 files are uploaded; 1 more file was ignored.');
    expect(ignoredFilesNotice(3)).toBe('Only the first 5 files are uploaded; 3 more files were ignored.');
  });
});

describe('file type sent with an upload', () => {
  it('uses the browser type, else the extension, else a generic type', () => {
    expect(extensionOf('Report.Final.PDF')).toBe('.pdf');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
    expect(contentTypeOf({ name: 'a.pdf', type: 'application/pdf' })).toBe('application/pdf');
    expect(contentTypeOf({ name: 'a.docx', type: '' })).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(contentTypeOf({ name: 'a.JPG', type: '' })).toBe('image/jpeg');
    expect(contentTypeOf({ name: 'a', type: '' })).toBe('application/octet-stream');
  });
});
