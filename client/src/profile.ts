import { apiCall } from './http';
import type { AvatarDto, EmailChangedDto, NotificationSettingsDto, ProfileDto, SettingsDto } from './types';

/** The profile's calls (api.md section 7 and product.md's Profile), for the signed-in user. */

export const changeName = (name: string) =>
  apiCall<{ data: ProfileDto }>('/api/profile/change-name', { method: 'PATCH', body: { name } });

/** A jpg or png up to 10 MB in the multipart field `avatar`. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return apiCall<{ data: AvatarDto }>('/api/profile/avatar', { method: 'POST', body: form });
}

/** A new address: the server records it unconfirmed and mails a confirmation link to it. */
export const changeEmail = (newEmail: string) =>
  apiCall<{ data: EmailChangedDto }>('/api/auth/change-email', { method: 'POST', body: { newEmail } });

/** The confirmation letter again, to the current address (the session is the cookie). */
export const sendConfirmEmail = () => apiCall('/api/auth/send-confirm-email/', { method: 'POST', body: {} });

/**
 * One switch: the spec's GET with the setting in the query, or for the tariff notice, which that
 * call does not know, api.md's per-setting PATCH.
 */
export const switchNotification = (name: keyof NotificationSettingsDto, value: boolean) =>
  name === 'canReceiveTariffNotifications'
    ? apiCall<{ data: SettingsDto }>('/api/profile/notification-setting', {
        method: 'PATCH',
        body: { name, value },
      })
    : apiCall<{ data: SettingsDto }>(`/api/profile/switch-notifications?${name}=${value}`);
