/**
 * CSV for spreadsheets in Russian locales: `;` between cells (Excel's separator there), every cell
 * quoted when it holds `;`, `"` or a line break, a UTF-8 byte-order mark so Excel reads Cyrillic,
 * and CRLF line ends. A cell a spreadsheet would take for a formula (starting with = + - @, a tab or
 * a carriage return) is prefixed with `'` (CSV injection, OWASP).
 */
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (header: string[], rows: (string | number | null)[][]) =>
  `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
