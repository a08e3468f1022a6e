import { tokenOf } from './source-token';

describe('the access token a source form sends', () => {
  it('sends a token typed for a source without one, as typed, and nothing when none is typed', () => {
    expect(tokenOf(' ghp_a ', false, 'keep')).toEqual({ token: ' ghp_a ' });
    expect(tokenOf('', false, 'keep')).toEqual({});
  });

  it('keeps, replaces or removes the stored token as chosen', () => {
    expect(tokenOf('', true, 'keep')).toEqual({});
    expect(tokenOf('ghp_new', true, 'replace')).toEqual({ token: 'ghp_new' });
    expect(tokenOf('', true, 'remove')).toEqual({ token: null });
  });

  it('asks for the new token when replacing without one', () => {
    expect(tokenOf('', true, 'replace')).toEqual({
      problem: 'Enter the new access token, or keep the stored one.',
    });
  });
});
