import { ValidationError } from '@docqa/errors';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  it('seals a secret so that only the same key opens it', () => {
    const box = new SecretBox('a key of sixteen chars');
    const sealed = box.seal('ghp_secret');
    expect(sealed).not.toContain('ghp_secret');
    expect(box.open(sealed)).toBe('ghp_secret');
    expect(box.seal('ghp_secret')).not.toBe(sealed);
    expect(() => new SecretBox('another key, also long').open(sealed)).toThrow();
  });

  it('refuses to seal without a key, and says it has none', () => {
    expect(() => new SecretBox(undefined).seal('x')).toThrow(ValidationError);
    expect(new SecretBox(undefined).hasKey).toBe(false);
    expect(new SecretBox('a key of sixteen chars').hasKey).toBe(true);
  });
});
