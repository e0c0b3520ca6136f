/**
 * The identity slice: accounts (`user-<id>`), phones and their codes (`phone-7…`), sessions, the
 * profile, the e-mail confirmation letters. What other slices and the app may use of it is exported
 * here; nothing else of the folder is imported from outside.
 */
import type { SliceManifest } from '../core/slice';
import { identityRoutes } from './api';
import { identityReactors } from './reactors';
import { authenticate } from './sessions';

export const identitySlice: SliceManifest = {
  name: 'identity',
  routes: (ctx) => [
    { at: 'api-guard', handler: authenticate(ctx) },
    { at: 'api', routes: identityRoutes },
  ],
  reactors: identityReactors,
};
/** authentication: the session a request's token opens, put on `req.user` (core/access.ts reads it) */
export {
  authenticate,
  hashToken,
  sessionEndOf,
  sessionOfHeaders,
  sessionOfToken,
  startSession,
  type SocketSession,
} from './sessions';
/** a request form's phone: the trust token of an SMS code check (bookings, lead forms) */
export { requireConfirmedPhone, isTrustedPhone, TRUST_TOKEN_HEADER } from './trust';
export { BOT_TOKEN_FIELD, checkBot, clientIp, recordCodeDelivery, smsCodeInput } from './codes';
export { avatarUpload, imageKind, readAvatar } from './avatar';
export { changeUser } from './account';
export { erasePerson, SELF_ERASURE_REASON, type ErasureRequest } from './erasure';
export { finishSignUp, registerUser } from './registration';
export { handleUser, userDecider, userStream, type UserCommand } from './user';
export { handlePhone, newCode, newSalt, phoneDecider, phoneStream } from './phone';
export type { ProfileDto } from './dto';
