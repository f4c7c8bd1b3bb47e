import type * as Argon2 from "@node-rs/argon2";

// Loaded on the first password operation: a server nobody signs in to keeps its ~10 MB.
let argon2: Promise<typeof Argon2> | null = null;
const lib = () => (argon2 ??= import("@node-rs/argon2"));

// argon2id (the library default algorithm) with OWASP's minimum recommended cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = async (plain: string): Promise<string> => (await lib()).hash(plain, OPTIONS);

export async function verifyPassword(stored: string | null, plain: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await (await lib()).verify(stored, plain);
  } catch {
    return false;
  }
}
