import { CreateTokenRequestSchema, CreateAdminRequestSchema, WidgetSettingsSchema, SourceRequestSchema } from '@docqa/contracts';
it('prints', () => {
  const show = (s: any, v: any) => { const r = s.safeParse(v); console.log(JSON.stringify(r.success ? 'ok' : r.error.issues.map((i: any) => [i.path.join('.'), i.code, i.message]))); };
  show(CreateTokenRequestSchema, { scopes: [], expires_in_days: 1.5, rate_limit: 0, name: 'x'.repeat(200), origins: ['a/b'], filters: [{type:'x'}] });
  show(CreateTokenRequestSchema, { expires_in_days: 99999, rate_limit: 'a', scopes: ['nope'] });
  show(CreateAdminRequestSchema, { email: 'nope', tenants: ['Bad Name'] });
  show(CreateAdminRequestSchema, { email: 'a@b.c' });
  show(WidgetSettingsSchema, { logo_url: 'javascript:x', labels: { FOO: 'x' }, unknown_key: 1, default_filters: { a: 1 }, filters: [{}] });
  show(SourceRequestSchema, { type: 'sitemap', schedule: '5m' });
  show(SourceRequestSchema, { type: 'sitemap', url: 'nope', include: [''] });
  show(SourceRequestSchema, { type: 'github' });
});
