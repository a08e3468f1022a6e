import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

describe('a why-question answered by a section about problems', () => {
  const insights = passage(
    'insights.md',
    'Insights: what visitors ask and what the docs fail to answer › Coverage gaps › From a gap to a change',
    'A request GitHub refuses (401) is reported with what GitHub said about the token.',
    'Insights',
  );
  const errors = passage(
    'api.md',
    'HTTP API › Errors',
    'Status codes: 400 invalid input, 401 no valid token, 403 missing scope; every request answers one.',
    'HTTP API',
  );
  const others = ['install', 'search', 'metrics', 'widget'].map((doc) =>
    passage(`${doc}.md`, `${doc} › Overview`, `How ${doc} works, in a few plain words of its own.`),
  );

  it('quotes the section headed "Errors" before a page whose long title says "fail" in passing', async () => {
    const { cited } = await askExtractive(
      'Why does my request answer 401?',
      pageSearcher([insights, errors, ...others]),
    );
    expect(cited[0]).toBe('api.md');
  });

  it('keeps every section of a page titled by its problems as one about problems', async () => {
    const faq = passage(
      'faq.md',
      'Troubleshooting › Requests',
      'A request answers 401 when its token is missing, unknown or revoked.',
      'Troubleshooting',
    );
    const { cited } = await askExtractive('Why does my request answer 401?', pageSearcher([insights, faq]));
    expect(cited[0]).toBe('faq.md');
  });
});
