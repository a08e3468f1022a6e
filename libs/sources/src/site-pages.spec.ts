import { SitePages } from './site-pages';

describe('SitePages.ref', () => {
  const files = [{ rel: 'guide/setup.md' }, { rel: '_index.md' }];

  it('resolves a path from the root of the folder itself as before', () => {
    const site = new SitePages('https://tool.example/', 'hugo', files);
    expect(site.ref('/guide/setup#linux', '_index.md')).toBe('https://tool.example/guide/setup/#linux');
  });

  it('places a section of the site the base URL holds under the root it cuts there', () => {
    const site = new SitePages('https://tool.example/v3/manage/tool/', 'hugo', files);
    expect(site.ref('/manage/tool/guide/setup', '_index.md')).toBe(
      'https://tool.example/v3/manage/tool/guide/setup/',
    );
    expect(site.ref('/manage/other/Start.md', '_index.md')).toBe(
      'https://tool.example/v3/manage/other/start/',
    );
  });

  it('leaves a path it cannot place to the caller when no reference tells the site root', () => {
    const site = new SitePages('https://tool.example/v3/manage/tool/', 'hugo', [
      { rel: 'guide/setup.md', refs: ['../elsewhere', '/develop/api'] },
    ]);
    expect(site.ref('/develop/api', 'guide/setup.md')).toBeNull();
  });

  it("learns the site root from references to the folder's own pages", () => {
    const site = new SitePages('https://tool.example/v3/manage/tool/', 'hugo', [
      { rel: 'guide/setup.md', refs: ['/manage/tool/guide/setup#top'] },
    ]);
    expect(site.ref('/develop/api#auth', 'guide/setup.md')).toBe('https://tool.example/v3/develop/api/#auth');
  });

  it('reads a path without its leading slash that names no page next to the file from the content root', () => {
    const site = new SitePages('https://tool.example/v3/manage/tool/', 'hugo', [
      { rel: 'guide/setup.md', refs: ['manage/tool/guide/setup'] },
      { rel: 'guide/faq.md' },
    ]);
    expect(site.ref('faq#top', 'guide/setup.md')).toBe('https://tool.example/v3/manage/tool/guide/faq/#top');
    expect(site.ref('manage/tool/guide/faq', 'guide/setup.md')).toBe(
      'https://tool.example/v3/manage/tool/guide/faq/',
    );
    expect(site.ref('commands/get', 'guide/setup.md')).toBe('https://tool.example/v3/commands/get/');
    expect(site.ref('../missing', 'guide/setup.md')).toBeNull();
  });
});
