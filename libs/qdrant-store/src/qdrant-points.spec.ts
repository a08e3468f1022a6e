import type { EmbeddedChunk } from '@docqa/retrieval';
import { toPoint } from './qdrant-points';

describe('toPoint', () => {
  it('sends a vector given as a typed array view as the array of its numbers', () => {
    const numbers = [0.1, 1 / 3, -2 / 7];
    const chunk: EmbeddedChunk = {
      tenant: 't',
      document_id: 'install',
      chunk_id: 'install#0',
      title: 'Install',
      url: 'https://docs.example/install#linux',
      heading: 'Install › Linux',
      text: 'Run the installer as root.',
      metadata: { version: '2.x' },
      vector: numbers,
    };
    const reply = new Float64Array([9, ...numbers, 9]);
    const viewed = toPoint({ ...chunk, vector: reply.subarray(1, 4) });
    expect(JSON.stringify(viewed)).toBe(JSON.stringify(toPoint(chunk)));
    expect(JSON.stringify(viewed)).toContain(JSON.stringify(numbers));
  });
});
