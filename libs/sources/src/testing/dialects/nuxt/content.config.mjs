// Nuxt Content's configuration (`defineContentConfig` returns its argument): one collection of pages.
export default {
  collections: {
    docs: { type: 'page', source: '**/*.md' },
  },
};
