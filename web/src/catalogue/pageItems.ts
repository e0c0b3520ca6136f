export type PageItem = number | '…';

/**
 * The spec's page list (api.md section 9): a window of 3 pages around the active one, the last 2,
 * an ellipsis between them only when it stands for at least two pages (a gap of one page shows
 * that page instead: '1 2 3 4 5 6', never '1 2 3 … 5 6'); with 5 pages or fewer, all of them.
 * The window slides so that it never overlaps the last two, so 5 numbers show whatever the page.
 */
export function pageItems(current: number, last: number): PageItem[] {
  if (last <= 5) return Array.from({ length: Math.max(0, last) }, (_, i) => i + 1);
  const active = Math.min(Math.max(1, Math.trunc(current)), last);
  const start = Math.min(Math.max(1, active - 1), last - 4);
  const window = [start, start + 1, start + 2];
  const hidden = last - 2 - (start + 2); // pages between the window and the last two
  const gap: PageItem[] = hidden >= 2 ? ['…'] : hidden === 1 ? [start + 3] : [];
  return [...window, ...gap, last - 1, last];
}
