import type { AuthConfigResponse, LoginResponse } from '@app/shared/auth';
import type { AccountExport, Privacy, PrivacyUpdate, Profile, ProfileUpdate } from '@app/shared/users';
import type { AppLoadContext } from 'react-router';
import { ApiClientError, apiGet, apiPost } from '../../lib/api-client';

/** The account calls of SPEC §7. Sign-up, sign-in and Google go without credentials. */
export const accountsApi = {
  config: (context?: AppLoadContext) => apiGet<AuthConfigResponse>('/api/auth/config', { context }),
  login: (body: { email: string; password: string; remember: boolean }) =>
    apiPost<LoginResponse>('/api/auth/login', body, { anonymous: true }),
  signup: (body: { username: string; email: string; password: string }) =>
    apiPost<LoginResponse>('/api/auth/signup', body, { anonymous: true }),
  google: (token: string, remember: boolean) =>
    apiPost<LoginResponse>('/api/auth/google', { token, remember }, { anonymous: true }),
  forgotPassword: (email: string, context?: AppLoadContext) =>
    apiPost<{ message: string }>('/api/auth/forgotpwd', { email }, { context, anonymous: true }),
  resetPassword: (token: string, password: string, context?: AppLoadContext) =>
    apiPost<{ message: string }>('/api/auth/resetpwd', { token, password }, { context, anonymous: true }),
  updatePassword: (oldPwd: string, newPwd: string) => apiPost<LoginResponse>('/api/auth/updatepwd', { oldPwd, newPwd }),
  profile: () => apiGet<Profile>('/api/users/details'),
  updateProfile: (changes: ProfileUpdate) => apiPost<Profile>('/api/users/details', changes),
  /** The link mailed to the old address after an e-mail change; works without a session. */
  revertEmail: (token: string, context?: AppLoadContext) =>
    apiPost<{ message: string }>('/api/users/revert-email', { token }, { context, anonymous: true }),
  privacy: () => apiGet<Privacy>('/api/users/privacy'),
  updatePrivacy: (changes: PrivacyUpdate) => apiPost<Privacy>('/api/users/privacy', changes),
  /** Ends every token of the account, this one included. */
  signOutEverywhere: () => apiPost<{ message: string }>('/api/users/logout-all', {}),
  exportAccount: () => apiGet<AccountExport>('/api/users/export'),
  deleteAccount: (password: string) => apiPost<{ message: string }>('/api/users/delete', { password }),
};

/** SPEC §8. */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiClientError && err.status !== 0 && !err.message.startsWith('HTTP error!')) return err.message;
  if (err instanceof ApiClientError && err.status === 0) return err.message;
  return fallback;
}

export { ApiClientError };
