import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  ForgotPasswordRequestSchema,
  GoogleLoginRequestSchema,
  SignupFormSchema,
  SignupRequestSchema,
  UpdatePasswordFormSchema,
} from './auth.ts';

/** The first message a schema reports, as the API's 400 and the page's first error do. */
const firstError = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message ?? null;

const valid = { username: 'guru_7', email: 'guru@example.com', password: 'secret' };

describe('SPEC §5 sign-up rules, in order', () => {
  it('accepts a valid sign-up', () => {
    expect(firstError(SignupRequestSchema, valid)).toBeNull();
  });
  it('1. username required', () => {
    expect(firstError(SignupRequestSchema, { ...valid, username: '' })).toBe('Username is required');
    expect(firstError(SignupRequestSchema, { email: '', password: '' })).toBe('Username is required');
  });
  it('2. username 2-20 letters, digits, underscores', () => {
    for (const bad of ['a', 'a'.repeat(21), 'has space', 'dash-ed', 'émile']) {
      expect(firstError(SignupRequestSchema, { ...valid, username: bad })).toBe(
        'Username must be 2-20 characters and contain only letters, numbers, and underscores',
      );
    }
    expect(firstError(SignupRequestSchema, { ...valid, username: 'ab' })).toBeNull();
    expect(firstError(SignupRequestSchema, { ...valid, username: 'A_1'.padEnd(20, 'x') })).toBeNull();
  });
  it('3. email required, after the username rules', () => {
    expect(firstError(SignupRequestSchema, { ...valid, email: '  ' })).toBe('Email is required');
    expect(firstError(SignupRequestSchema, { ...valid, username: 'x', email: '' })).toBe(AUTH_MESSAGES.usernameFormat);
  });
  it('4. password at least 6 characters, after the email rule', () => {
    expect(firstError(SignupRequestSchema, { ...valid, password: '12345' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(firstError(SignupRequestSchema, { ...valid, password: '123456' })).toBeNull();
    expect(firstError(SignupRequestSchema, { ...valid, email: '', password: '1' })).toBe('Email is required');
  });
  it('5. confirmation equals password; then the terms box', () => {
    const form = { ...valid, confirmPassword: 'secreT', terms: 'on' };
    expect(firstError(SignupFormSchema, form)).toBe('Passwords do not match');
    expect(firstError(SignupFormSchema, { ...form, confirmPassword: 'secret' })).toBeNull();
    expect(firstError(SignupFormSchema, { ...valid, confirmPassword: 'secret' })).toBe(AUTH_MESSAGES.termsRequired);
  });
});

describe('other SPEC §5 messages', () => {
  it('Google login without a token', () => {
    expect(firstError(GoogleLoginRequestSchema, {})).toBe('Missing Google ID token');
    expect(firstError(GoogleLoginRequestSchema, { token: '' })).toBe('Missing Google ID token');
  });
  it('forgot password with a blank address', () => {
    expect(firstError(ForgotPasswordRequestSchema, { email: '' })).toBe('Please enter your email address');
  });
  it('password change needs matching new passwords', () => {
    expect(firstError(UpdatePasswordFormSchema, { oldPwd: 'a', newPwd: 'secret', confirmPwd: 'secreT' })).toBe(
      'New passwords do not match',
    );
  });
});
