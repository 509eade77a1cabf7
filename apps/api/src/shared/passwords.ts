import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): a few tens of ms per hash on this hardware.
// algorithm 2 is Argon2id (the package's enum is a const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);

/** A password for the first superuser when none is configured: 16 URL-safe characters. */
export const generatePassword = () => randomBytes(12).toString('base64url');
