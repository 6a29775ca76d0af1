import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): 0.16-0.22 s per hash or check
 * on the shared 2-core machine under load, and no native build step.
 */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum, unusable under verbatimModuleSyntax) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Checked when no account matches, so a wrong address takes as long as a wrong password.
let dummyHash: Promise<string> | null = null;

/** Whether the password matches the stored hash; with no hash it still spends the same time. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('no account has this password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
