import { createRoot } from 'react-dom/client';
import { ApiError, loadChunk, login, markHydratedWhenIdle, profile } from '@estate/client';
import { isStaff, NOT_STAFF } from './staff';

/**
 * The cabinet's first file: who is signed in decides what loads. Staff (the session the site and
 * the cabinet share) get react-admin's cabinet (App.tsx) at once; anyone else gets the sign-in form
 * alone, without react-admin and most of MUI, so the page a signed-out visit sees is light. After the
 * code, the cabinet loads in the same page.
 */
const root = createRoot(document.getElementById('root')!);

const openCabinet = async () => (await loadChunk(() => import('./App'))).renderCabinet(root);

async function showSignIn() {
  const { renderSignIn } = await loadChunk(() => import('./signIn'));
  renderSignIn(root, async (phone, code) => {
    await login(phone, code);
    // a plain user stays signed in on the site; the cabinet is not theirs
    if (!isStaff(await profile())) throw new ApiError(403, { errorCode: 102, message: NOT_STAFF });
    await openCabinet();
  });
}

// a signed-out visit lands on the sign-in wherever its address pointed; after it, the cabinet opens there
// (the first screen rendered marks the page usable: <html data-hydrated>); nothing awaits the page's
// start, and a failure to open shows in the console
void profile()
  .catch(() => null)
  .then((me) => (isStaff(me) ? openCabinet() : showSignIn()))
  .then(markHydratedWhenIdle);
