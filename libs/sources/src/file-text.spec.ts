import { decodeFileText } from './file-text';

describe('decodeFileText', () => {
  it('reads UTF-8, dropping a byte order mark', () => {
    expect(decodeFileText(Buffer.from('\uFEFF{"question": "Café?"}\n', 'utf8'))).toBe(
      '{"question": "Café?"}\n',
    );
    expect(decodeFileText(Buffer.from('naïve', 'utf8'))).toBe('naïve');
  });

  it('reads UTF-16 files that start with their byte order mark, either byte order', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Café\n', 'utf16le')]);
    const be = Buffer.from(le.subarray(2)).swap16();
    expect(decodeFileText(le)).toBe('# Café\n');
    expect(decodeFileText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe('# Café\n');
  });

  it('refuses Latin-1 text with the line that is not UTF-8 and how to convert it', () => {
    const latin1 = Buffer.from('# Title\n\nna\xefve r\xe9sum\xe9\n', 'latin1');
    expect(() => decodeFileText(latin1)).toThrow(
      'not UTF-8 text (line 3); save the file as UTF-8, e.g. iconv -f WINDOWS-1252 -t UTF-8',
    );
  });
});
