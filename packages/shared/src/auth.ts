import { z } from 'zod';
import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from './auth-messages';

export { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN };

// Each rule stops at its first failure (`pipe`), so a field reports one message, in SPEC §5 order.
export const UsernameSchema = z
  .string({ error: AUTH_MESSAGES.usernameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.usernameRequired)
  .pipe(z.string().regex(USERNAME_PATTERN, AUTH_MESSAGES.usernameFormat));

export const emailSchema = (requiredMessage: string = AUTH_MESSAGES.emailRequired) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .pipe(z.string().max(254, AUTH_MESSAGES.emailInvalid).pipe(z.email(AUTH_MESSAGES.emailInvalid)));
export const EmailSchema = emailSchema();

export const NewPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordMin })
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordMin)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordMax);

/** SPEC §3 Signup: `POST /api/auth/signup`. */
export const SignupRequestSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/** The sign-up page's form: the request plus confirmation and terms (SPEC §5, in order). */
export const SignupFormSchema = SignupRequestSchema.extend({
  confirmPassword: z.string().default(''),
  terms: z.literal('on', { error: AUTH_MESSAGES.termsRequired }),
}).refine((v) => v.password === v.confirmPassword, {
  path: ['confirmPassword'],
  message: AUTH_MESSAGES.passwordsMismatch,
  // Checked even while other fields are wrong, so every message shows at once.
  when: (payload) => typeof (payload.value as { password?: unknown })?.password === 'string',
});

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX),
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginFormSchema = LoginRequestSchema.omit({ remember: true }).extend({
  remember: z.literal('on').optional(),
  redirectTo: z.string().optional(),
});

export const GoogleLoginRequestSchema = z.object({
  token: z.string({ error: AUTH_MESSAGES.googleTokenMissing }).min(1, AUTH_MESSAGES.googleTokenMissing).max(8192),
  remember: z.boolean().optional(),
});
export type GoogleLoginRequest = z.infer<typeof GoogleLoginRequestSchema>;

export const LoginResponseSchema = z.object({
  me: z.object({ userid: z.number().int(), email: z.string() }),
  token: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const ForgotPasswordRequestSchema = z.object({
  email: emailSchema(AUTH_MESSAGES.forgotEmailRequired),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

/** The same answer whether or not the address has an account. */
export const ForgotPasswordResponseSchema = z.object({ message: z.string() });

export const ResetPasswordRequestSchema = z.object({
  token: z.string({ error: AUTH_MESSAGES.resetTokenMissing }).min(1, AUTH_MESSAGES.resetTokenMissing).max(200),
  password: NewPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

export const ResetPasswordFormSchema = ResetPasswordRequestSchema.extend({
  confirmPassword: z.string().default(''),
}).refine((v) => v.password === v.confirmPassword, {
  path: ['confirmPassword'],
  message: AUTH_MESSAGES.passwordsMismatch,
});

export const UpdatePasswordRequestSchema = z.object({
  oldPwd: z
    .string({ error: AUTH_MESSAGES.oldPasswordRequired })
    .min(1, AUTH_MESSAGES.oldPasswordRequired)
    .max(PASSWORD_MAX),
  newPwd: NewPasswordSchema,
});
export type UpdatePasswordRequest = z.infer<typeof UpdatePasswordRequestSchema>;

export const UpdatePasswordFormSchema = UpdatePasswordRequestSchema.extend({
  confirmPwd: z.string().default(''),
}).refine((v) => v.newPwd === v.confirmPwd, {
  path: ['confirmPwd'],
  message: AUTH_MESSAGES.newPasswordsMismatch,
  when: (payload) => typeof (payload.value as { newPwd?: unknown })?.newPwd === 'string',
});

/** What the sign-in pages need to know about the server: Google sign-in is on when it names a client. */
export const AuthConfigResponseSchema = z.object({ googleClientId: z.string().nullable() });
export type AuthConfigResponse = z.infer<typeof AuthConfigResponseSchema>;

export const OkResponseSchema = z.object({ message: z.string() });
