import { signSlackRequest, slackSignatureValid, slackTimestampFresh } from './slack-signature';

// Slack's own example (api.slack.com/authentication/verifying-requests-from-slack).
const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const TIMESTAMP = '1531420618';
const BODY =
  'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c';
const SIGNATURE = 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503';

describe('Slack request signatures', () => {
  it('computes the signature of Slack’s documented example', () => {
    expect(signSlackRequest(BODY, TIMESTAMP, SECRET)).toBe(SIGNATURE);
  });

  it('accepts the right signature and refuses another body, secret or a missing header', () => {
    const raw = Buffer.from(BODY);
    expect(slackSignatureValid(raw, { timestamp: TIMESTAMP, signature: SIGNATURE }, SECRET)).toBe(true);
    expect(
      slackSignatureValid(Buffer.from(`${BODY}x`), { timestamp: TIMESTAMP, signature: SIGNATURE }, SECRET),
    ).toBe(false);
    expect(slackSignatureValid(raw, { timestamp: TIMESTAMP, signature: SIGNATURE }, 'another secret')).toBe(
      false,
    );
    expect(slackSignatureValid(raw, { timestamp: TIMESTAMP, signature: 'v0=short' }, SECRET)).toBe(false);
    expect(slackSignatureValid(raw, { timestamp: undefined, signature: SIGNATURE }, SECRET)).toBe(false);
  });

  it('takes timestamps within five minutes either way, and nothing else', () => {
    const now = Number(TIMESTAMP) * 1000;
    expect(slackTimestampFresh(TIMESTAMP, now + 299_000)).toBe(true);
    expect(slackTimestampFresh(TIMESTAMP, now - 299_000)).toBe(true);
    expect(slackTimestampFresh(TIMESTAMP, now + 301_000)).toBe(false);
    expect(slackTimestampFresh('1531420618.5', now)).toBe(false);
    expect(slackTimestampFresh(undefined, now)).toBe(false);
  });
});
