import type { DocumentSlice, DocumentText } from '@docqa/contracts';
import { callTool, fakeCaller, resultText } from '../testing/call-tool';

const TEXT = 'abcdefghij';

/** get_document's result over a document of TEXT, read 4 characters at a time; and the slices asked. */
async function getDocument(args: Record<string, unknown>) {
  const slices: DocumentSlice[] = [];
  const caller = fakeCaller({
    readDocument: async (document_id, slice): Promise<DocumentText> => {
      slices.push(slice);
      const offset = slice.offset ?? 0;
      const end = offset + slice.maxChars;
      return {
        document_id,
        title: 'Guide',
        url: null,
        metadata: {},
        text: TEXT.slice(offset, end),
        offset,
        truncated: TEXT.length > end,
        next_offset: TEXT.length > end ? end : null,
      };
    },
  });
  const result = await callTool(caller, 'get_document', args, { documentMaxChars: 4 });
  return { text: resultText(result), slices };
}

describe('get_document in parts', () => {
  it('says how to read on while the document goes on, and reads from the offset given', async () => {
    const first = await getDocument({ document_id: 'guide' });
    expect(first.slices).toEqual([{ offset: undefined, maxChars: 4 }]);
    expect(first.text).toMatch(
      /\nabcd\n\n\[The document goes on: call get_document with document_id "guide" and offset 4 to read the next part\.\]$/,
    );
    const last = await getDocument({ document_id: 'guide', offset: 8 });
    expect(last.slices).toEqual([{ offset: 8, maxChars: 4 }]);
    expect(last.text).toMatch(/\nij$/);
  });
});
