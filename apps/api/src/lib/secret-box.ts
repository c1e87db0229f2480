import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets the server must read back (authenticator secrets): AES-256-GCM under a key derived
 * from the server secret. Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export const createSecretBox = (serverSecret: string) => {
  const key = createHash('sha256').update(`carta-secret-box:${serverSecret}`).digest();
  return {
    seal: (plain: string): string => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), encrypted]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open: (sealed: string): string => {
      const [version, iv, tag, encrypted] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !encrypted) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
};
export type SecretBox = ReturnType<typeof createSecretBox>;
