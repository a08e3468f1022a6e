/** Lua scripts are imported as text (esbuild `text` loader, jest `tools/jest/text-transform.cjs`). */
declare module '*.lua' {
  const source: string;
  export default source;
}
