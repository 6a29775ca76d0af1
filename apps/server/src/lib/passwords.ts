import { hash, verify } from '@node-rs/argon2';

// argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane): about 0.2 s per hash here, and no native build step.
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
