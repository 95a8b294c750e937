/**
 * RFC 4180 CSV. A cell that a spreadsheet would read as a formula (starting with =, +, -, @, a tab
 * or a carriage return) is prefixed with an apostrophe: history texts are typed by veterans.
 */
export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  const cell = (value: string | number | boolean | null | undefined) => {
    if (value === null || value === undefined) return '';
    let text = String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
