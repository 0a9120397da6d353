import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption of secrets at rest (agencies' provider credentials): AES-256-GCM under SECRETS_KEY.
 * A sealed value reads `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts): the key id (first 8 hex of
 * the key's sha256) says which key opens it, so after a rotation the previous key still opens what it sealed
 * until `npm run ops -- secrets reseal` has sealed everything again under the new one (docs/go-live.md).
 * A changed byte, a wrong key or a value sealed for another purpose fails to open: never a wrong plaintext.
 */
export interface SecretBox {
  /** `purpose` is bound in as associated data: a value sealed for one purpose never opens as another. */
  seal(plaintext: string, purpose: string): string;
  open(sealed: string, purpose: string): string;
  /** Whether `sealed` was sealed under the current key (rotation re-seals the others). */
  isCurrent(sealed: string): boolean;
}

export class SecretBoxError extends Error {}

const VERSION = 'v1';

const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8);

export function createSecretBox(currentHex: string, previousHex?: string): SecretBox {
  const current = Buffer.from(currentHex, 'hex');
  if (current.length !== 32) throw new SecretBoxError('SECRETS_KEY must be 32 bytes (64 hex digits)');
  const keys = new Map<string, Buffer>([[keyIdOf(current), current]]);
  if (previousHex) {
    const previous = Buffer.from(previousHex, 'hex');
    if (previous.length !== 32) throw new SecretBoxError('SECRETS_KEY_PREVIOUS must be 32 bytes');
    keys.set(keyIdOf(previous), previous);
  }
  const currentId = keyIdOf(current);
  return {
    seal(plaintext, purpose) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [VERSION, currentId, ...parts].join('.');
    },
    open(sealed, purpose) {
      const [version, keyId, iv, tag, body, ...rest] = sealed.split('.');
      if (version !== VERSION || !keyId || !iv || !tag || body === undefined || rest.length > 0) {
        throw new SecretBoxError('not a sealed value');
      }
      const key = keys.get(keyId);
      if (!key)
        throw new SecretBoxError(`sealed under key ${keyId}, which is neither the current nor the previous`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretBoxError('the sealed value does not open (altered, or another purpose)');
      }
    },
    isCurrent: (sealed) => sealed.split('.')[1] === currentId,
  };
}
