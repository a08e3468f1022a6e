import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * A benchmark's flags, with `--help`: the usage is printed and the process ends; an unknown flag
 * or one without its value stops the bench before it runs (a bench that ran on a mistyped flag
 * took minutes and rewrote its section of docs/benchmarks.md).
 */
export function benchFlags<T extends Options>(options: T, usage: () => string) {
  try {
    const withHelp = { ...options, help: { type: 'boolean', default: false } } as const;
    const { values } = parseArgs({ options: withHelp });
    if ((values as { help?: boolean }).help) {
      console.log(usage());
      return process.exit(0);
    }
    return values as ReturnType<typeof parseArgs<{ options: T }>>['values'];
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage()}`);
    return process.exit(2);
  }
}
