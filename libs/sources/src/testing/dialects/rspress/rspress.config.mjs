// Rspress's configuration (`defineConfig` returns its argument): pages in docs/, English and Chinese.
export default {
  root: 'docs',
  lang: 'en',
  locales: [
    { lang: 'en', label: 'English' },
    { lang: 'zh', label: '简体中文' },
  ],
  route: {
    exclude: ['**/fragments/**'],
  },
};
