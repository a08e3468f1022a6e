/** Bytes of a WebAssembly memory page. */
export const PAGE_BYTES = 65_536;

/**
 * Grows a WebAssembly memory to hold its first `end` bytes. V8 reserves a memory's address space:
 * growing it copies nothing, and the new pages are 0.
 */
export function growMemory(memory: WebAssembly.Memory, end: number): void {
  const pages = Math.ceil(end / PAGE_BYTES) - memory.buffer.byteLength / PAGE_BYTES;
  if (pages > 0) memory.grow(pages);
}
