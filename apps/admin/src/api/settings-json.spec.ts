import { jsonSettings, parseJsonSettings } from './settings-json';

describe('the widget settings written as JSON', () => {
  it('reads the filter settings and takes an empty text as none', () => {
    const filters = { default_filters: { product: 'cloud' }, api_filters: [] };
    expect(parseJsonSettings(JSON.stringify(filters))).toEqual(filters);
    expect(parseJsonSettings('  ')).toEqual({});
  });

  it('names the keys it does not take instead of dropping them', () => {
    expect(() => parseJsonSettings('{"unknown_key": 1, "filters": []}')).toThrow(
      'Unknown key "unknown_key": this field takes filters, api_filters and default_filters only.',
    );
    expect(() => parseJsonSettings('{"mode": "chat", "x": 1}')).toThrow('Unknown keys "mode", "x"');
  });

  it('says when the text is not JSON or not an object', () => {
    expect(() => parseJsonSettings('{filters: []}')).toThrow('This is not valid JSON.');
    expect(() => parseJsonSettings('[]')).toThrow('Write a JSON object');
  });

  it('takes the settings edited as JSON out of the stored ones', () => {
    expect(jsonSettings({ mode: 'chat', filters: [], default_filters: { a: 'b' } })).toEqual({
      filters: [],
      default_filters: { a: 'b' },
    });
  });
});
