// Zod-free, so pages show these texts before (and without) loading the schemas of ./auth.

/** SPEC §5 and §8 texts, spelled once for the pages and the API. */
export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameFormat: 'Username must be 2-20 characters and contain only letters, numbers, and underscores',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be at most 128 characters',
  passwordRequired: 'Password is required',
  passwordsMismatch: 'Passwords do not match',
  termsRequired: 'Please accept the Terms of Service and Privacy Policy',
  forgotEmailRequired: 'Please enter your email address',
  newPasswordsMismatch: 'New passwords do not match',
  oldPasswordRequired: 'Current password is required',
  googleTokenMissing: 'Missing Google ID token',
  resetTokenMissing: 'This reset link is incomplete. Ask for a new one.',
  invalidCredentials: 'Invalid email or password. Please try again.',
  googleFailed: 'Google login failed. Please try again.',
  signupFailed: 'Failed to create account. Please try again.',
  resetEmailFailed: 'Failed to send reset email. Please try again.',
} as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{2,20}$/;
export const PASSWORD_MIN = 6;
/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const PASSWORD_MAX = 128;
