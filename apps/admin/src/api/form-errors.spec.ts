import { ApiError } from './api-error';
import { FormErrors, readableMessage, type FormField } from './form-errors';

const FIELDS: FormField[] = [
  { path: 'body.scopes', id: 'scopes', label: 'Scopes' },
  { path: 'body.origins', id: 'origins', label: 'Allowed origins' },
  { path: 'body.expires_in_days', id: 'expires', label: 'Expires after (days)' },
  { path: 'body.labels', id: 'labels', label: 'Labels' },
  { path: 'body.labels.POPUP_TITLE', id: 'label-POPUP_TITLE', label: 'POPUP_TITLE' },
];

const refused = (errors: { path: string; message: string }[]) =>
  new ApiError(400, 'the request body is invalid', {
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    detail: 'the request body is invalid',
    errors,
  });

describe('errors of a portal form', () => {
  it('puts each of the server’s field errors on its field, in words', () => {
    const errors = FormErrors.fromError(
      refused([
        { path: 'body.scopes', message: 'Too small: expected array to have >=1 items' },
        { path: 'body.expires_in_days', message: 'Invalid input: expected int, received number' },
        { path: 'body.origins.1', message: 'must be an origin such as https://docs.example.com (no path)' },
      ]),
      FIELDS,
      'The token was not created.',
    );
    expect(errors.summary).toBe('The token was not created.');
    expect(errors.messagesOf('scopes')).toEqual(['choose or enter at least one']);
    expect(errors.messagesOf('expires')).toEqual(['must be a whole number']);
    expect(errors.messagesOf('origins')).toEqual([
      'line 2: must be an origin such as https://docs.example.com (no path)',
    ]);
    expect(errors.unplaced).toEqual([]);
    expect(errors.invalidIds(FIELDS)).toEqual(['scopes', 'origins', 'expires']);
  });

  it('places an error on the field of the longest matching path, and names one of no field', () => {
    const errors = FormErrors.fromError(
      refused([
        { path: 'body.labels', message: 'Unrecognized key: "FOO"' },
        { path: 'body.labels.POPUP_TITLE', message: 'Too big: expected string to have <=1000 characters' },
        { path: 'body.colour', message: 'Invalid input: expected string, received number' },
      ]),
      FIELDS,
      'The settings were not saved.',
    );
    expect(errors.messagesOf('labels')).toEqual(['unknown key "FOO"']);
    expect(errors.messagesOf('label-POPUP_TITLE')).toEqual(['takes at most 1000 characters']);
    expect(errors.unplaced).toEqual(['colour: must be text']);
  });

  it('shows an error without field errors as its message alone', () => {
    const errors = FormErrors.fromError(new Error('cannot reach the docqa server'), FIELDS, 'Not created.');
    expect(errors.summary).toBe('Cannot reach the docqa server.');
    expect(errors.errors).toEqual([]);
  });

  it('keeps errors found before sending on their fields', () => {
    const errors = FormErrors.local('The token was not created.', FIELDS, [['scopes', 'Choose a scope.']]);
    expect(errors.messagesOf('scopes')).toEqual(['Choose a scope.']);
    expect(errors.empty).toBe(false);
    expect(FormErrors.none.empty).toBe(true);
  });

  it('rewrites zod’s messages, each part of a combined one', () => {
    expect(readableMessage('Too big: expected number to be <=3650')).toBe('must be at most 3650');
    expect(readableMessage('Invalid email address')).toBe('must be an email address, e.g. ann@example.com');
    expect(
      readableMessage(
        '0.type: Invalid option: expected one of "eq"|"contains"; 0.property: Invalid input: expected string, received undefined',
      ),
    ).toBe('line 1, type: must be one of "eq", "contains"; line 1, property: is required');
    expect(readableMessage('a widget token needs at least one origin')).toBe(
      'a widget token needs at least one origin',
    );
  });
});
