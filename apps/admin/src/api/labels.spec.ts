import { DEFAULT_LABELS, SCOPES } from '@docqa/contracts';
import { WIDGET_LABELS } from './labels';
import { SCOPE_CHOICES } from './scopes';

describe('the portal’s copies of contract constants', () => {
  it('offers every widget label with the contract’s default text', () => {
    expect(WIDGET_LABELS).toEqual(DEFAULT_LABELS);
  });

  it('offers every token scope in the contract’s order', () => {
    expect(SCOPE_CHOICES).toEqual(SCOPES);
  });
});
