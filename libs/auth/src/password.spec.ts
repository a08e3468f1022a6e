import { generatePassword, hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the password it hashed and refuses another', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    await expect(verifyPassword('correct horse battery', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterY', hash)).resolves.toBe(false);
  });

  it('salts every hash, so one password never hashes the same twice', async () => {
    expect(await hashPassword('same password here')).not.toBe(await hashPassword('same password here'));
  });

  it('refuses a stored value that is not a scrypt hash', async () => {
    await expect(verifyPassword('x', 'sha1$abc')).resolves.toBe(false);
  });

  it('generates 24-character passwords', () => {
    expect(generatePassword()).toMatch(/^[\w-]{24}$/);
  });
});
