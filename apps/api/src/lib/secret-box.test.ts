import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box';

const key = () => randomBytes(32).toString('hex');

describe('secret box (AES-256-GCM under SECRETS_KEY)', () => {
  it('opens what it sealed, and the sealed text holds nothing of the plaintext', () => {
    const box = createSecretBox(key());
    const sealed = box.seal('{"key":"provider-signing-key-123"}', 'provider:gclub');
    expect(sealed).not.toContain('provider-signing-key');
    expect(box.open(sealed, 'provider:gclub')).toBe('{"key":"provider-signing-key-123"}');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(box.seal('same', 'p')).not.toBe(box.seal('same', 'p'));
  });

  it('refuses an altered value, another purpose and another key', () => {
    const box = createSecretBox(key());
    const sealed = box.seal('secret', 'provider:gclub');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const altered = [...parts.slice(0, 4), body.toString('base64url')].join('.');
    expect(() => box.open(altered, 'provider:gclub')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'provider:betflix')).toThrow(SecretBoxError);
    expect(() => createSecretBox(key()).open(sealed, 'provider:gclub')).toThrow(SecretBoxError);
    expect(() => box.open('plain text', 'provider:gclub')).toThrow(SecretBoxError);
  });

  it('after a rotation opens the previous key’s values and says they need sealing again', () => {
    const old = key();
    const sealedBefore = createSecretBox(old).seal('secret', 'p');
    const rotated = createSecretBox(key(), old);
    expect(rotated.open(sealedBefore, 'p')).toBe('secret');
    expect(rotated.isCurrent(sealedBefore)).toBe(false);
    const resealed = rotated.seal(rotated.open(sealedBefore, 'p'), 'p');
    expect(rotated.isCurrent(resealed)).toBe(true);
    expect(() => createSecretBox(key()).open(sealedBefore, 'p')).toThrow(
      /neither the current nor the previous/,
    );
  });
});
