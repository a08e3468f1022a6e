/** What the OpenAPI document says of one operation that a fuzzer can use. */
export interface OperationFacts {
  /** The JSON request body's example, when it has one. */
  example?: unknown;
  /** Query parameters and values the document names for them (enum, example, default). */
  query: { name: string; values: string[] }[];
}

type Json = Record<string, unknown>;

/**
 * The facts of every operation of the served OpenAPI document, by `METHOD /api/v2/path/{param}/`
 * (the form `Stack.operations` uses). Every request body in the document has an example, so each
 * operation gets a valid body without the fuzzer knowing its schema.
 */
export async function openApiOperations(url: string): Promise<Map<string, OperationFacts>> {
  const doc = (await (await fetch(url)).json()) as Json;
  const resolve = (value: unknown): Json => {
    let node = (value ?? {}) as Json;
    for (let hops = 0; typeof node.$ref === 'string' && hops < 10; hops++) {
      const path = (node.$ref as string).replace(/^#\//, '').split('/');
      node = path.reduce<Json>((at, key) => (at[key] ?? {}) as Json, doc);
    }
    return node;
  };
  const facts = new Map<string, OperationFacts>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item as Record<string, Json>)) {
      const content = (resolve(op.requestBody).content ?? {}) as Record<string, Json>;
      const json = content['application/json'];
      const example = json ? (json.example ?? resolve(json.schema).example) : undefined;
      const query = ((op.parameters ?? []) as unknown[])
        .map(resolve)
        .filter((p) => p.in === 'query')
        .map((p) => {
          const schema = resolve(p.schema);
          const values = [
            ...((schema.enum as unknown[] | undefined) ?? []),
            p.example ?? schema.example,
            schema.default,
          ].filter((v) => v !== undefined && v !== null);
          return { name: String(p.name), values: values.map(String) };
        });
      facts.set(`${method.toUpperCase()} ${path}`, { example, query });
    }
  }
  return facts;
}
