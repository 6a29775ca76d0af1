import { z } from 'zod';
import { EmailSchema, PASSWORD_MAX, UsernameSchema } from './auth.ts';
import { isCountryName } from './countries.ts';

export const PROFILE_LIMITS = { website: 200, summary: 500 } as const;
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 30;

export const PROFILE_MESSAGES = {
  website: 'Website must be an http:// or https:// address',
  websiteLength: `Website must be at most ${PROFILE_LIMITS.website} characters`,
  summary: `Summary must be at most ${PROFILE_LIMITS.summary} characters`,
  country: 'Choose a country or region from the list',
  passwordRequired: 'Enter your password to confirm',
  currentPasswordForEmail: 'Enter your current password to change your email',
  displayName: `Display name must be ${DISPLAY_NAME_MIN}-${DISPLAY_NAME_MAX} characters: letters, numbers, spaces, or . _ - '`,
  revertTokenMissing: 'This link is incomplete. Use the whole link from the e-mail.',
} as const;

/** SPEC §3 Profile: empty strings for what the member has not filled in. */
export const ProfileSchema = z.object({
  username: z.string(),
  email: z.string(),
  website: z.string(),
  summary: z.string(),
  country: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

const WebsiteSchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.website, PROFILE_MESSAGES.websiteLength)
  .refine((v) => v === '' || isHttpUrl(v), PROFILE_MESSAGES.website);

const ProfileFieldsSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  website: WebsiteSchema,
  summary: z.string().trim().max(PROFILE_LIMITS.summary, PROFILE_MESSAGES.summary),
  country: z.string().refine((v) => v === '' || isCountryName(v), PROFILE_MESSAGES.country),
});

/** SPEC §5: changed fields only; a new e-mail also needs the current password, so a stolen token cannot take over. */
export const ProfileUpdateSchema = ProfileFieldsSchema.partial()
  .extend({ currentPassword: z.string().max(PASSWORD_MAX).optional() })
  .refine((v) => v.email === undefined || (v.currentPassword ?? '') !== '', {
    path: ['currentPassword'],
    message: PROFILE_MESSAGES.currentPasswordForEmail,
  });
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** The profile form holds every field (the page then sends only the changed ones). */
export const ProfileFormSchema = ProfileFieldsSchema;

/** The e-mail link that undoes an e-mail change (`/revert-email?token=`). */
export const RevertEmailRequestSchema = z.object({
  token: z.string({ error: PROFILE_MESSAGES.revertTokenMissing }).min(1, PROFILE_MESSAGES.revertTokenMissing).max(200),
});
export type RevertEmailRequest = z.infer<typeof RevertEmailRequestSchema>;

/** Leaderboard privacy: off until the member opts in; `displayName` '' for none. */
export const PrivacySchema = z.object({ showOnLeaderboard: z.boolean(), displayName: z.string() });
export type Privacy = z.infer<typeof PrivacySchema>;

const DisplayNameSchema = z
  .string()
  .trim()
  .refine(
    (v) =>
      v === '' ||
      (v.length >= DISPLAY_NAME_MIN && v.length <= DISPLAY_NAME_MAX && /^[\p{L}\p{N}][\p{L}\p{N} ._'-]*$/u.test(v)),
    PROFILE_MESSAGES.displayName,
  );

export const PrivacyUpdateSchema = z
  .object({ showOnLeaderboard: z.boolean(), displayName: DisplayNameSchema })
  .partial();
export type PrivacyUpdate = z.infer<typeof PrivacyUpdateSchema>;

export const DeleteAccountRequestSchema = z.object({
  password: z
    .string({ error: PROFILE_MESSAGES.passwordRequired })
    .min(1, PROFILE_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

/** A member's own data: the profile, plus each other feature's data under its own key. */
export const AccountExportSchema = z.object({ exportedAt: z.string(), profile: ProfileSchema }).catchall(z.unknown());
export type AccountExport = z.infer<typeof AccountExportSchema>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
