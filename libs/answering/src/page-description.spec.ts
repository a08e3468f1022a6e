import type { SearchResult } from '@docqa/contracts';
import { NOT_FOUND_ANSWER } from './answer-types';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

const QUESTION = 'How do I limit the number of simultaneous requests to my service?';

/**
 * The opening of Traefik's `inFlightReq` page, the page's first chunk: its text names the
 * middleware, and only its front matter's description says what it does.
 */
function opening(description?: string): SearchResult {
  return {
    ...passage(
      'inflightreq.md',
      '',
      'The `inFlightReq` middleware proactively prevents services from being overwhelmed with high load.',
      'Traefik InFlightReq Documentation',
    ),
    chunk_id: 'inflightreq.md#0',
    metadata: description ? { description } : {},
  };
}

const DESCRIPTION =
  "Traefik Proxy's HTTP middleware lets you limit the number of simultaneous in-flight requests.";

describe("a page's description", () => {
  it("counts as the words of the page's opening, as search counts it", async () => {
    const { text, cited } = await askExtractive(QUESTION, pageSearcher([opening(DESCRIPTION)]));
    expect(text).toContain('The `inFlightReq` middleware proactively prevents services');
    expect(cited).toEqual(['inflightreq.md']);
  });

  it('is not read where the page has none: the opening alone holds too few of the words asked', async () => {
    const { text } = await askExtractive(QUESTION, pageSearcher([opening()]));
    expect(text).toBe(NOT_FOUND_ANSWER);
  });

  it("counts only for the section that holds the page's first chunk", async () => {
    const later = { ...opening(DESCRIPTION), chunk_id: 'inflightreq.md#3', section: 'Configuration Options' };
    const { text } = await askExtractive(QUESTION, pageSearcher([later]));
    expect(text).toBe(NOT_FOUND_ANSWER);
  });
});
