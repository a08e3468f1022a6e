/**
 * Checks the recipes of docs/widget-on-docs-sites.md for real: for each docs generator installed
 * here (others are skipped with the reason), builds a one-page site with the page's snippets,
 * serves it on its own origin, and in headless Chromium checks that the widget mounts, opens with
 * Ctrl-K and answers, against docqa's API and worker started in this process with a private Redis.
 *
 *   npm run check:widget-sites [-- --only NAME] [-- --screenshots]
 *
 * Docusaurus is checked when DOCUSAURUS_DIR names a folder with `@docusaurus/core` and
 * `@docusaurus/preset-classic` installed. Exits with 1 when a recipe fails.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, type Stack } from '@docqa/system-tests/testing';
import { launchChromium, startOwnRedis } from '@docqa/testing';
import { benchFlags } from '../bench/bench-flags';
import { GENERATORS, type Generator } from './generators';
import { applyRecipe, forInstallation, readRecipes, type RecipeFile } from './recipes';
import { startSiteServer, visitSite, type SiteVisit } from './site-check';

const PAGE = 'docs/widget-on-docs-sites.md';
const TENANT = 'sites';

const flags = benchFlags(
  { only: { type: 'string' }, screenshots: { type: 'boolean', default: false } },
  () =>
    'npm run check:widget-sites [-- --only NAME] [-- --screenshots]\n' +
    `  --only NAME: one of ${GENERATORS.map((g) => g.name).join(', ')}\n` +
    '  --screenshots: write docs/screenshots/site-<generator>.png',
);

/** Ingests the recipes' page into the check's tenant, so the widget has something to answer from. */
async function ingestPage(stack: Stack, markdown: string): Promise<void> {
  const token = await stack.createToken({ tenant: TENANT, scopes: ['ingest'] });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const document = {
    id: 'widget-on-docs-sites',
    title: 'Add the widget to your docs site',
    content: markdown,
  };
  const res = await fetch(`${stack.apiUrl}documents/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ documents: [document] }),
  });
  const { job_id } = (await res.json()) as { job_id: string };
  for (;;) {
    const job = await fetch(`${stack.apiUrl}jobs/${job_id}?wait=1`, { headers });
    const { status } = (await job.json()) as { status: string };
    if (status === 'failed') throw new Error('the page could not be ingested');
    if (status === 'completed') return;
  }
}

/** Builds the generator's site with its recipe, serves it and visits it. */
async function checkGenerator(stack: Stack, generator: Generator, recipe: RecipeFile[]): Promise<SiteVisit> {
  const browser = await launchChromium();
  const site = await startSiteServer();
  const dir = generator.skeleton();
  try {
    const token = await stack.createToken({
      tenant: TENANT,
      scopes: ['ask'],
      widget: true,
      origins: [site.origin],
    });
    applyRecipe(dir, forInstallation(recipe, stack.baseUrl, token));
    site.serve(generator.build(dir));
    const slug = generator.name.toLowerCase().replace(/\W+/g, '-').replace(/-$/, '');
    const screenshot = flags.screenshots
      ? join(process.cwd(), `docs/screenshots/site-${slug}.png`)
      : undefined;
    return await visitSite(
      browser,
      `${site.origin}/`,
      `How do I add the widget to my ${generator.name} site?`,
      screenshot,
      generator.siteSearchKey,
    );
  } finally {
    await site.close();
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const markdown = readFileSync(PAGE, 'utf8');
  const recipes = readRecipes(markdown);
  const chosen = GENERATORS.filter((g) => !flags.only || g.name === flags.only);
  if (!chosen.length) {
    console.error(`--only ${flags.only}: no such generator (${GENERATORS.map((g) => g.name).join(', ')})`);
    process.exit(2);
  }
  const present = chosen.filter((g) => {
    const missing = g.missing();
    if (missing) console.log(`- ${g.name}: skipped, ${missing}`);
    return !missing;
  });
  if (!present.length) {
    console.log('No docs generator to check on this machine.');
    return;
  }
  const redis = await startOwnRedis();
  const stack = await startStack({ redisUrl: redis.url, widgetDir: join(process.cwd(), 'dist/apps/widget') });
  let failed = 0;
  try {
    await ingestPage(stack, markdown);
    for (const generator of present) {
      const recipe = recipes.get(generator.recipe);
      try {
        if (!recipe) throw new Error(`${PAGE} has no "## ${generator.recipe}" section with titled snippets`);
        const { answer, inPlace } = await checkGenerator(stack, generator, recipe);
        const first = answer.split('\n')[0]!.slice(0, 60);
        console.log(
          `✓ ${generator.name}: mounted, opened with ${generator.siteSearchKey ? "its button (Ctrl-K left to the site's search)" : 'Ctrl-K'}, answered "${first}…", still there on the ` +
            `second page (${inPlace ? 'opened in place' : 'a new page load'})`,
        );
      } catch (err) {
        failed++;
        console.log(`✗ ${generator.name}: ${(err as Error).message}`);
      }
    }
  } finally {
    await stack.close();
    await redis.stop();
  }
  process.exitCode = failed ? 1 : 0;
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
