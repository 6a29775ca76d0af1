import { AUTH_MESSAGES, SignupFormSchema, SignupRequestSchema } from '@app/shared/auth';
import { describe, expect, it } from 'vitest';
import { formValues, parseForm } from './form';

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.append(k, v);
  return data;
};

describe('parseForm', () => {
  it('answers the parsed value when the form is valid', () => {
    const parsed = parseForm(
      SignupFormSchema,
      form({
        username: 'ann_1',
        email: ' Ann@Example.com ',
        password: 'secret1',
        confirmPassword: 'secret1',
        terms: 'on',
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        username: 'ann_1',
        email: 'Ann@Example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
        terms: 'on',
      },
    });
  });

  it('gives one message per field, each the first rule it breaks', () => {
    const parsed = parseForm(
      SignupFormSchema,
      form({ username: '', email: '', password: '123', confirmPassword: 'x' }),
    );
    expect(parsed).toEqual({
      ok: false,
      fieldErrors: {
        username: AUTH_MESSAGES.usernameRequired,
        email: AUTH_MESSAGES.emailRequired,
        password: AUTH_MESSAGES.passwordMin,
        terms: AUTH_MESSAGES.termsRequired,
        confirmPassword: AUTH_MESSAGES.passwordsMismatch,
      },
    });
  });

  it('reads unchecked boxes as absent', () => {
    expect(formValues(form({ a: '1' }))).toEqual({ a: '1' });
  });

  it('accepts plain objects (JSON requests) with the same schema', () => {
    const parsed = parseForm(SignupRequestSchema, { username: 'a', email: 'x@y.io', password: 'secret' });
    expect(parsed).toEqual({ ok: false, fieldErrors: { username: AUTH_MESSAGES.usernameFormat } });
  });
});
