/** The per-browser uuid of the spec, kept in local storage: views and openings count once per browser and day. */
export function visitorId(): string {
  let id = localStorage.getItem('uuid');
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem('uuid', id);
  }
  return id;
}

type Pending = { id: string; isSend: boolean };
const KEY = 'adsViewsIds';
const read = (): Pending[] => {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '[]') as Pending[];
  } catch {
    return [];
  }
};

/**
 * product.md: a card's id is recorded once it is fully visible; the batch goes out when more than
 * five unsent ids are pending, and again when the visitor leaves the page.
 */
export function recordView(publicationId: string) {
  const views = read();
  if (views.some((v) => v.id === publicationId)) return;
  views.push({ id: publicationId, isSend: false });
  localStorage.setItem(KEY, JSON.stringify(views.slice(-500)));
  if (views.filter((v) => !v.isSend).length > 5) flushViews();
}

export function flushViews() {
  const views = read();
  const unsent = views.filter((v) => !v.isSend).map((v) => v.id);
  if (!unsent.length) return;
  const body = JSON.stringify({ publicationIds: unsent.slice(0, 50), uuid: visitorId() });
  // keepalive lets the request finish while the page unloads
  void fetch('/api/publications/add-views', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
  localStorage.setItem(KEY, JSON.stringify(views.map((v) => (unsent.includes(v.id) ? { ...v, isSend: true } : v))));
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flushViews);
