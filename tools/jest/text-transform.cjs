/** Jest transform that exports a file's text as the default export, like esbuild's `text` loader. */
module.exports = {
  process(source) {
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(source)} };` };
  },
};
