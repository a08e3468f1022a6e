import type { Page } from 'playwright-core';
import { startSlackStandIn, type PlatformStandIn } from '@docqa/channels/testing';
import { focusedHeading, openPortal, shoot, signIn, startPortal, type Portal } from './portal-testing';

// Builds, a real stack and Chromium on a loaded machine: bounds, not expectations of speed.
jest.setTimeout(180_000);

const SLACK = {
  teamId: 'TACME0001',
  teamName: 'Acme',
  botUserId: 'UBOTACME1',
  botToken: 'xoxb-1111-acme-bot-token-secret',
};
const SIGNING_SECRET = 'aa11bb22cc33dd44ee55ff6677889900';
const DISCORD = {
  application_id: '100000000000000001',
  public_key: 'ab'.repeat(32),
  bot_token: 'acme-bot-token.discord.secret-0001',
};

describe('the portal in Chromium: Integrations', () => {
  let portal: Portal;
  let slack: PlatformStandIn;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    slack = await startSlackStandIn([SLACK]);
    portal = await startPortal({ SLACK_API_URL: slack.url, SECRETS_KEY: 'portal spec secrets key, 16+' });
    ({ page, problems } = await openPortal(portal, 'integrations'));
    await signIn(page);
    await focusedHeading(page, 'Integrations');
  });
  afterAll(async () => {
    await page?.close();
    await portal?.close();
    await slack?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  it('connects Slack after Slack named the workspace, and never shows the secrets again', async () => {
    const section = page.getByRole('region', { name: 'Slack' });
    await section.getByLabel(/^Bot token/).fill('xoxb-9999-refused-by-slack');
    await section.getByLabel(/^Signing secret/).fill(SIGNING_SECRET);
    await section.getByRole('button', { name: 'Connect' }).click();
    await section.getByText('invalid_auth').first().waitFor();
    await section.getByLabel(/^Bot token/).fill(SLACK.botToken);
    await section.getByLabel(/^Signing secret/).fill(SIGNING_SECRET);
    await section.getByRole('button', { name: 'Connect' }).click();
    await section.getByText('workspace Acme (TACME0001)').waitFor();
    await section.getByText(`${portal.stack.apiUrl}integrations/slack/events`).waitFor();
    await shoot(page, 'integrations');
    const text = await page.evaluate(() => document.documentElement.outerHTML + document.body.innerText);
    expect(text).not.toContain(SLACK.botToken);
    expect(text).not.toContain(SIGNING_SECRET);
  });

  it('refuses a malformed Discord key in the form, connects a good one, and disconnects it', async () => {
    const section = page.getByRole('region', { name: 'Discord' });
    await section.getByLabel(/^Application id/).fill(DISCORD.application_id);
    await section.getByLabel(/^Public key/).fill('not a key');
    await section.getByLabel(/^Bot token/).fill(DISCORD.bot_token);
    await section.getByRole('button', { name: 'Connect' }).click();
    await section.getByText('Paste the public key (64 hexadecimal digits).').waitFor();
    await section.getByLabel(/^Public key/).fill(DISCORD.public_key);
    await section.getByRole('button', { name: 'Connect' }).click();
    await section.getByText(`application ${DISCORD.application_id}`).waitFor();
    await section.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await section.getByText('Not connected.').waitFor();
  });
});
