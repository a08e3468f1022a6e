import { RepositoryPages } from './repository-pages';

describe('RepositoryPages.inContext', () => {
  it("gives an AsciiDoc page of a repository its preview configurations' and component's attributes", async () => {
    const blobs: Record<string, string> = {
      c1: ':prodname: Debezium\n:edition: community\n',
      a1: "name: reference\nversion: 'master'\nasciidoc:\n  attributes:\n    edition: nightly\n",
      p1: '= {prodname} Server\n',
    };
    const read = jest.fn(async (sha: string) => blobs[sha]!);
    const page = { path: 'documentation/modules/ROOT/pages/server.adoc', kind: 'asciidoc' as const };
    const pages = new RepositoryPages(
      [{ ...page, sha: 'p1' }],
      new Map([
        ['documentation/.asciidoctorconfig', 'c1'],
        ['documentation/antora.yml', 'a1'],
        [page.path, 'p1'],
      ]),
      read,
    );
    const text = await pages.inContext(blobs.p1!, page);
    expect(text).toMatch(/^:prodname: Debezium\n:edition: nightly\n/);
    expect(text).toContain(':page-component-name: reference');
    // A reStructuredText page takes none.
    expect(await pages.inContext('Title\n=====\n', { path: 'doc/x.rst', kind: 'rst' })).toBe(
      'Title\n=====\n',
    );
  });
});
