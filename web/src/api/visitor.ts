import { api } from '@estate/client';

/**
 * The visitor id is the server's: `POST /api/visitor` sets it in an HttpOnly cookie the browser
 * sends with every call, and card views and listing openings count only with it (or signed in).
 * The page's script asks for it once per page load, before the first call that counts; the
 * browser never makes an id up (the server would not count one).
 */
let visitorReady = false;
let asking: Promise<void> | null = null;

export function ensureVisitor(): Promise<void> {
  asking ??= api.post('/api/visitor').then(
    () => {
      visitorReady = true;
    },
    () => {
      asking = null; // ask again with the next count
    },
  );
  return asking;
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
  const body = { publicationIds: unsent.slice(0, 50) };
  // a beacon (or a keepalive fetch) finishes while the page unloads; it carries the visitor cookie
  const send = () => {
    const beacon = new Blob([JSON.stringify(body)], { type: 'application/json' });
    if (navigator.sendBeacon?.(api.url('post', '/api/publications/add-views'), beacon)) return;
    void api.post('/api/publications/add-views', { body, keepalive: true }).catch(() => undefined);
  };
  // the id is normally there long before: while it is being asked for, the batch waits for it
  if (visitorReady) send();
  else void ensureVisitor().then(send);
  localStorage.setItem(
    KEY,
    JSON.stringify(views.map((v) => (unsent.includes(v.id) ? { ...v, isSend: true } : v))),
  );
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushViews);
  // a phone often hides the page (another app, a closed tab) without a pagehide ever coming
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushViews();
  });
  // asked at start, so the first listing opened or card seen already counts
  void ensureVisitor();
}
