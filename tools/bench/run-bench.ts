/** Runs a benchmark's `main`; a failure is printed and the process exits with status 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
