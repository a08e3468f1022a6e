import { Worker } from 'node:worker_threads';

/**
 * The thread's code (a script of its own, so that nothing needs building for it): it instantiates
 * the kernel module over each shared memory it is given, once, and then runs `score` with the
 * arguments of each request, tells the state word it is done (see {@link KernelThread.run}) and
 * answers with the request's id.
 */
const THREAD_CODE = `
const { parentPort } = require('node:worker_threads');
const kernels = new Map();
parentPort.on('message', ({ id, module, memory, state, args, drop }) => {
  if (drop !== undefined) return void kernels.delete(drop);
  if (memory) {
    const { exports } = new WebAssembly.Instance(module, { docqa: { memory } });
    kernels.set(id, { score: exports.score, state });
  }
  const kernel = kernels.get(id);
  let error = null;
  try {
    kernel.score(...args);
  } catch (thrown) {
    error = String(thrown);
  }
  Atomics.store(kernel.state, 0, 0);
  Atomics.notify(kernel.state, 0);
  parentPort.postMessage({ id, error });
});
`;

/** What the first request of a memory sends along: the thread instantiates its kernel from them. */
interface FirstRequest {
  module: WebAssembly.Module;
  memory: WebAssembly.Memory;
  /** 1 while the thread scores in the memory. */
  state: Int32Array;
}

/**
 * A second thread that runs the vector kernel (vector-kernel.wat) over shared WebAssembly
 * memories, so that a hybrid search's semantic ranking reads its columns on the other core while
 * the searching thread ranks by keyword (the two rankings took one after the other most of a
 * hybrid search at 1,000,000 chunks). One thread for the process, started on first use; the
 * process does not wait for it to end. Each memory has its own state word: 1 while the thread
 * scores in it, so that whoever moves the memory's columns ({@link wait}) waits for it first.
 */
export class KernelThread {
  private static instance: KernelThread | null = null;
  private readonly worker: Worker;
  /** Each registered memory's state word (see {@link FirstRequest}). */
  private readonly states = new Map<number, Int32Array>();
  /** Of those, the memories the thread has not been sent yet. */
  private readonly unsent = new Map<number, FirstRequest>();
  private readonly pending = new Map<number, { done: () => void; failed: (error: Error) => void }>();
  private nextId = 1;
  private readonly dropped = new FinalizationRegistry<number>((id) => this.drop(id));

  private constructor() {
    this.worker = new Worker(THREAD_CODE, { eval: true });
    this.worker.unref();
    this.worker.on('message', ({ id, error }: { id: number; error: string | null }) => {
      const request = this.pending.get(id);
      this.pending.delete(id);
      if (!this.pending.size) this.worker.unref();
      if (error === null) request?.done();
      else request?.failed(new Error(`the vector kernel failed on its thread: ${error}`));
    });
    this.worker.on('error', (error) => {
      KernelThread.instance = null;
      for (const state of this.states.values()) Atomics.store(state, 0, 0);
      for (const request of this.pending.values()) request.failed(error);
      this.pending.clear();
    });
  }

  /** The process's kernel thread. */
  static shared(): KernelThread {
    return (KernelThread.instance ??= new KernelThread());
  }

  /**
   * Registers `memory` (shared, its kernel instantiated from `module` on the thread at its first
   * request); the thread lets go of it once `owner` is collected. Returns its id.
   */
  register(owner: object, module: WebAssembly.Module, memory: WebAssembly.Memory): number {
    const id = this.nextId++;
    const state = new Int32Array(new SharedArrayBuffer(4));
    this.states.set(id, state);
    this.unsent.set(id, { module, memory, state });
    this.dropped.register(owner, id);
    return id;
  }

  /** Runs the kernel's `score(...args)` in the memory of `id` on the thread; resolves once done. */
  run(id: number, args: number[]): Promise<void> {
    Atomics.store(this.states.get(id)!, 0, 1);
    const first = this.unsent.get(id);
    this.unsent.delete(id);
    this.worker.ref();
    return new Promise((done, failed) => {
      this.pending.set(id, { done, failed });
      this.worker.postMessage({ id, args, ...first });
    });
  }

  /** Blocks until the thread no longer scores in the memory of `id` (a kernel takes milliseconds). */
  wait(id: number): void {
    const state = this.states.get(id);
    while (state && Atomics.load(state, 0) === 1) Atomics.wait(state, 0, 1, 100);
  }

  private drop(id: number): void {
    this.states.delete(id);
    this.unsent.delete(id);
    this.worker.postMessage({ drop: id });
  }
}
