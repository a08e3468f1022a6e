import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { ValidationError } from '@docqa/errors';

/**
 * Encrypts secrets kept in Redis (GitHub tokens of sources) with AES-256-GCM under a key derived
 * from `SECRETS_KEY` (HKDF-SHA-256). A sealed secret reads `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export class SecretBox {
  private readonly key: Buffer | null;

  constructor(secretsKey: string | undefined) {
    this.key = secretsKey
      ? Buffer.from(hkdfSync('sha256', secretsKey, 'docqa', 'docqa secrets v1', 32))
      : null;
  }

  /** Whether secrets can be sealed and opened (`SECRETS_KEY` is set). */
  get hasKey(): boolean {
    return this.key !== null;
  }

  seal(secret: string): string {
    const key = this.requireKey();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const key = this.requireKey();
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  private requireKey(): Buffer {
    if (!this.key)
      throw new ValidationError('set SECRETS_KEY to store tokens', {
        errors: [{ path: 'body.token', message: 'the server has no SECRETS_KEY to encrypt it with' }],
      });
    return this.key;
  }
}
