import type { AuthProvider } from 'react-admin';
import { login as loginByCode } from '../../web/src/auth/authApi';
import { getToken, httpClient, setToken } from './api';

export const ROLES = { AGENT: 1, AGENCY_OWNER: 2, USER: 3 } as const;
type Profile = { id: string; agencyId: string | null; role: number; name: string; phone: string; email: string | null };


let profile: Promise<Profile> | null = null;
const loadProfile = () => (profile ??= httpClient('/api/profile').then(({ json }) => json.data as Profile).catch((e) => { profile = null; throw e; }));

export const authProvider: AuthProvider = {
  /** the login page has already asked for the code; this checks it and keeps the session */
  async login({ phone, code }: { phone: string; code: string }) {
    const { data } = await loginByCode(phone, code);
    setToken(data.token);
    profile = null;
    const me = await loadProfile();
    if (me.role === ROLES.USER) {
      setToken(null);
      throw new Error('Кабинет агентства доступен сотрудникам агентств. Подайте заявку риелтора в личном кабинете.');
    }
  },
  async logout() {
    if (getToken()) await httpClient('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
    setToken(null);
    profile = null;
  },
  async checkAuth() {
    // no notification: an anonymous visitor simply lands on the sign-in page
    if (!getToken()) throw { redirectTo: '/login', message: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      setToken(null);
      profile = null;
      throw new Error('Сессия завершена');
    }
  },
  async getIdentity() {
    const me = await loadProfile();
    return { id: me.id, fullName: me.name, agencyId: me.agencyId, role: me.role };
  },
  async getPermissions() {
    return getToken() ? (await loadProfile()).role : null;
  },
};
