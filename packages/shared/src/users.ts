import { z } from 'zod';
import { EmailSchema, PASSWORD_MAX, UsernameSchema } from './auth.ts';
import { isCountryName } from './countries.ts';

export const PROFILE_LIMITS = { website: 200, summary: 500 } as const;

export const PROFILE_MESSAGES = {
  website: 'Website must be an http:// or https:// address',
  websiteLength: `Website must be at most ${PROFILE_LIMITS.website} characters`,
  summary: `Summary must be at most ${PROFILE_LIMITS.summary} characters`,
  country: 'Choose a country or region from the list',
  passwordRequired: 'Enter your password to confirm',
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

/** SPEC §5: only the changed fields are sent; each still follows its rule. */
export const ProfileUpdateSchema = z
  .object({
    username: UsernameSchema,
    email: EmailSchema,
    website: WebsiteSchema,
    summary: z.string().trim().max(PROFILE_LIMITS.summary, PROFILE_MESSAGES.summary),
    country: z.string().refine((v) => v === '' || isCountryName(v), PROFILE_MESSAGES.country),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** The profile form holds every field (the page then sends only the changed ones). */
export const ProfileFormSchema = ProfileUpdateSchema.required();

export const DeleteAccountRequestSchema = z.object({
  password: z
    .string({ error: PROFILE_MESSAGES.passwordRequired })
    .min(1, PROFILE_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

/**
 * A member's own data: the profile and whatever other features keep about them (simulator picks
 * and history), each under its own key.
 */
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
