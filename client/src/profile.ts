import { api } from './api';
import type { NotificationSettingsDto } from './types';

/** The profile's calls (api.md section 7 and product.md's Profile), for the signed-in user. */

export const changeName = (name: string) => api.patch('/api/profile/change-name', { body: { name } });

/** A jpg or png up to 10 MB in the multipart field `avatar`. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return api.post('/api/profile/avatar', { body: form });
}

/** A new address: the server records it unconfirmed and mails a confirmation link to it. */
export const changeEmail = (newEmail: string) => api.post('/api/auth/change-email', { body: { newEmail } });

/** The confirmation letter again, to the current address (the session is the cookie). */
export const sendConfirmEmail = () => api.post('/api/auth/send-confirm-email', { body: {} });

/**
 * One switch: the spec's GET with the setting in the query, or for the tariff notice, which that
 * call does not know, api.md's per-setting PATCH.
 */
export const switchNotification = (name: keyof NotificationSettingsDto, value: boolean) =>
  name === 'canReceiveTariffNotifications'
    ? api.patch('/api/profile/notification-setting', { body: { name, value } })
    : api.get('/api/profile/switch-notifications', { query: { [name]: value } });

/** A copy of everything the site keeps of the signed-in person, as the JSON the call answers with. */
export const exportMyData = () => api.get('/api/profile/export');
