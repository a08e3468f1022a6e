import type { RankedHit } from './embedded-hits';
import { BM25_B, BM25_K1, grown, type SparseVector } from '@docqa/retrieval';
import { VectorColumns } from './vector-columns';
import { BestRows } from './best-rows';
import {
  CODES,
  DEAD,
  EVERY_VERSION,
  FIRST_SLOTS,
  MAP_ENTRY_BYTES,
  rowNumber,
  UNVERSIONED,
  ValueCodes,
  type MirrorBytes,
} from './mirror-parts';
import { rowColumns, someColumns, type MirrorColumns, type MirrorRow } from './mirror-columns';
import { MirrorTerms } from './mirror-terms';
import type { PassageFile } from './passage-file';
import type { ResultRow } from './embedded-hits';
import { rowIdPart, SplitMap } from './split-map';

/**
 * An in-memory copy of what the embedded store's searches rank by, for every row of one version
 * of its table: each row's tenant, its document and its document's version (DESIGN §17), as small
 * codes a ranking checks (or, for the document, returns with its hits) (a search of one version neither over-fetches nor reads metadata), its keyword
 * terms (postings with their counts, and its length) and its vector (int8, see {@link VectorColumns}). Passages are not held: a search reads those of
 * the hits it returns by row id (passage-reads.ts), so a row costs about 1 KB rather than the
 * 5.5 KB it took with its result fields (docs/benchmarks.md, "Search mirror memory"). LanceDB's
 * full-text and vector queries cost 2.5 to 5 ms each at 100,000 rows; ranking here about 1 ms.
 *
 * Rows are only added and removed (a row of the table never changes): a removed row's slot stays,
 * marked dead, until the mirror is built afresh.
 */
export class SearchMirror {
  /** The table version the mirror holds. */
  version = -1;
  /** Each slot's row id, as a number (LanceDB's are a fragment id × 2³² + an offset). */
  private rowIds = new Float64Array(FIRST_SLOTS);
  private readonly slots = new SplitMap<number, number>(rowIdPart);
  /** Tenant codes from 1; a removed row's slot has {@link DEAD}, which no search allows. */
  private readonly tenantCodes = new ValueCodes('tenants', DEAD - 1);
  private tenants = new Uint16Array(FIRST_SLOTS);
  /** Version codes from 1; {@link UNVERSIONED} for a row without one. */
  private readonly versionCodes = new ValueCodes('versions', CODES - 1);
  private versions = new Uint16Array(FIRST_SLOTS);
  /** Document codes: the same code, the same document id. */
  private readonly documentCodes = new ValueCodes('documents', 0xffff_ffff);
  private documents = new Uint32Array(FIRST_SLOTS);
  private lengths = new Uint32Array(FIRST_SLOTS);
  /** The largest row id held (rows added later have larger ones: see `MirrorKeeper`). */
  private maxRowId = -1;
  private size = 0;
  /** Slots searches read: rows added since {@link stage} are past it until {@link publish}. */
  private visible = 0;
  private staging = false;
  /** Slots of rows removed while staging: searches find them until {@link publish}. */
  private stagedDead: number[] = [];
  private readonly terms = new MirrorTerms();
  private vectors: VectorColumns | null = null;
  /** Rows the first vectors' memory is made for (it doubles when full). */
  private readonly expected: number;
  private deadRows = 0;
  /**
   * The slots whose lengths the ranking holds (see `MirrorTerms.setLengths`) and the longest of
   * them; the average length and the longest length the BM25 norms were set for.
   */
  private normsFor = { slots: 0, longest: 0, average: NaN, normsLongest: -1 };

  /**
   * A mirror that expects about `rows` rows (its memory grows as they come past); `passages`: the
   * file it keeps its rows' result fields in (see {@link passage}), closed with it.
   */
  constructor(
    rows = 0,
    private readonly passages: PassageFile | null = null,
  ) {
    this.expected = rows;
    if (rows > FIRST_SLOTS) this.growSlots(rows);
    passages?.reserve(rows);
  }

  /** Rows held (alive). */
  get rows(): number {
    return this.size - this.deadRows;
  }

  /** Whether rows taken in should come with their result fields (the mirror keeps them in a file). */
  get keepsPassages(): boolean {
    return this.passages?.open ?? false;
  }

  /**
   * The result fields of the row of `rowId` from the mirror's passage file, when it holds the row
   * and its record (a row keeps its fields while it has its row id: they are those of every
   * version that has it); else null, and they are to be taken through LanceDB.
   */
  passage(rowId: bigint): ResultRow | null {
    if (!this.passages) return null;
    const slot = this.slots.get(rowNumber(rowId));
    return slot === undefined ? null : this.passages.read(slot);
  }

  /** Lets go of the passage file: searches still holding the mirror take their passages. */
  close(): void {
    this.passages?.close();
  }

  /** Bytes of the passage file, on disk and (its index) in memory. */
  passageBytes(): { disk: number; memory: number } {
    return this.passages?.bytes() ?? { disk: 0, memory: 0 };
  }

  /** Rows removed since the mirror was built. */
  get dead(): number {
    return this.deadRows;
  }

  /** Rows added and removed since the version held was published (see {@link stage}). */
  get staged(): number {
    return this.size - this.visible + this.stagedDead.length;
  }

  /** The slot of the row of `rowId` (as a number, see {@link rowNumber}) when the mirror holds it. */
  slotOf(rowId: number): number | undefined {
    return this.slots.get(rowId);
  }

  /** Slots taken: rows held, removed ones (see {@link dead}) and staged ones. */
  get slotCount(): number {
    return this.size;
  }

  /** The largest row id the mirror took in (−1 when none). */
  get lastRowId(): number {
    return this.maxRowId;
  }

  /** Where the mirror's memory goes, in bytes (its arrays' whole capacity). */
  bytes(): MirrorBytes {
    const terms = this.terms.bytes();
    return {
      vectors: this.vectors?.bytes ?? 0,
      postings: terms.postings,
      ids: this.rowIds.byteLength + this.slots.size * MAP_ENTRY_BYTES,
      columns:
        this.tenants.byteLength +
        this.versions.byteLength +
        this.documents.byteLength +
        this.lengths.byteLength +
        terms.norms +
        this.passageBytes().memory,
    };
  }

  /** Packs the postings not packed yet into WebAssembly memory (see `MirrorTerms.trim`). */
  trim(): void {
    this.terms.trim();
  }

  /**
   * The row ids (as numbers) of the rows held in slots `from` to `to` whose slot `seen` does not
   * mark: once every row id of a version was looked up ({@link slotOf}) and its slot marked, the
   * rows that version no longer has.
   */
  unseenRowIds(seen: Uint8Array, from: number, to: number): number[] {
    const unseen: number[] = [];
    for (let slot = from; slot < Math.min(to, this.size); slot++) {
      const id = this.rowIds[slot]!;
      if (!seen[slot] && this.slots.get(id) === slot) unseen.push(id);
    }
    return unseen;
  }

  /**
   * Rows added and removed from now on change what the mirror holds (`rows`, `has`) but not what
   * searches find until {@link publish}: they keep ranking the version held.
   */
  stage(): void {
    this.staging = true;
  }

  /** Searches find every row added and none removed, as the table's `version` (in one step). */
  publish(version: number): void {
    for (const slot of this.stagedDead) this.tenants[slot] = DEAD;
    this.stagedDead = [];
    this.staging = false;
    this.visible = this.size;
    this.version = version;
  }

  /** Adds rows (one the mirror holds already is left as it is). */
  add(rows: MirrorRow[]): void {
    this.addColumns(rowColumns(rows));
  }

  /** Adds rows given column by column (one the mirror holds already is left as it is). */
  addColumns(rows: MirrorColumns): void {
    const kept: number[] = [];
    for (let i = 0; i < rows.rowIds.length; i++)
      if (!this.slots.has(rowNumber(rows.rowIds[i]!))) kept.push(i);
    if (!kept.length) return;
    if (kept.length < rows.rowIds.length) rows = someColumns(rows, kept);
    const count = kept.length;
    this.vectors ??= new VectorColumns(rows.dimensions, this.expected);
    const first = this.vectors.addFlat(rows.vectors, count);
    if (first !== this.size) throw new Error('the mirror’s vectors and rows disagree');
    if (this.size + count > this.tenants.length)
      this.growSlots(Math.max(this.size + count, Math.ceil(this.tenants.length * 1.25)));
    for (let i = 0; i < count; i++) {
      const slot = first + i;
      const id = rowNumber(rows.rowIds[i]!);
      this.rowIds[slot] = id;
      this.slots.set(id, slot);
      if (id > this.maxRowId) this.maxRowId = id;
      this.tenants[slot] = this.tenantCodes.code(rows.tenants[i]!);
      this.documents[slot] = this.documentCodes.code(rows.documents[i]!);
      const version = rows.versions[i];
      this.versions[slot] = version === undefined ? UNVERSIONED : this.versionCodes.code(version);
      this.lengths[slot] = this.terms.addText(
        rows.texts,
        rows.textOffsets[i]!,
        rows.textOffsets[i + 1]!,
        slot,
      );
    }
    if (rows.results) this.passages?.write(first, rows.results, count);
    this.size += count;
    if (!this.staging) this.visible = this.size;
  }

  /** Removes the row of `id` (while staging, searches find it until {@link publish}). */
  remove(id: number): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    this.slots.delete(id);
    if (this.staging) this.stagedDead.push(slot);
    else this.tenants[slot] = DEAD;
    this.deadRows++;
  }

  /**
   * The `limit` best rows of `tenants` (of `version` or none, when given) by BM25 with the query's
   * `weights` (IDF per term id, see `queryWeights`) and `averageTerms`: what scoring their search
   * texts gives (`keywordScore`), equal scores lower row id first, as a search through LanceDB's
   * indexes orders them (so no passage is read to rank). Rows holding none of the terms are left
   * out.
   *
   * Every posting of the terms adds to its row's score, whatever the row's tenant: a row's tenant
   * and version are read only when its score would rank. The scores are summed a block of slots
   * at a time in a scratch that stays in the core's cache (see {@link MirrorTerms.rank}): at
   * 1,000,000 rows a query of five of the bench's words holds about 610,000 postings, and a
   * scratch of every slot cost twice the CPU time (docs/benchmarks.md, "The keyword ranking by
   * blocks"). Two prunings were tried on those queries and dropped: MaxScore with each row's
   * lookups of the commonest terms left 38,000 rows to look up and took twice as long; the same
   * by blocks (terms whose bounds sum below the `limit`th best score left out of a block's sums,
   * the rows that could still rank scored whole) scored 10 % of the rows whole at 100,000 rows
   * and took 6 times as long: the commonest words repeat in a row, so their bounds stay high.
   */
  keyword(
    tenants: string[],
    weights: SparseVector,
    averageTerms: number,
    limit: number,
    version?: string,
  ): RankedHit[] {
    const allowed = this.tenantCodes.mask(tenants, CODES);
    const kept = this.versionMask(version);
    this.setNorms(averageTerms);
    const { tenants: rowTenants, versions } = this;
    const accepts = (slot: number) => allowed[rowTenants[slot]!] === 1 && kept[versions[slot]!] === 1;
    const best = new BestRows(limit, this.rowIds);
    this.terms.rank(weights, this.visible, best, accepts);
    return this.hits(best);
  }

  /**
   * The `limit` rows of `tenants` (of `version` or none, when given) nearest `vector` by cosine,
   * approximately (int8 vectors, see {@link VectorColumns}): scores within 0.01 of the exact ones.
   * The rows are those a scan of every row's score gives (ties: the lower row id first), found by
   * reading the best groups of rows first (see {@link VectorColumns.nearest}).
   */
  semantic(tenants: string[], vector: ArrayLike<number>, limit: number, version?: string): RankedHit[] {
    if (!this.vectors || vector.length !== this.vectors.dimensions) return [];
    const allowed = this.tenantCodes.mask(tenants, CODES);
    const kept = this.versionMask(version);
    const { tenants: rowTenants, versions } = this;
    const accepts = (slot: number) => allowed[rowTenants[slot]!] === 1 && kept[versions[slot]!] === 1;
    return this.hits(this.vectors.nearest(vector, limit, this.visible, accepts, this.rowIds));
  }

  /** The best rows, their passages unread (see passage-reads.ts). */
  private hits(best: BestRows): RankedHit[] {
    const { rowIds, documents } = this;
    return best.rows().map(({ slot, score }) => ({
      rowId: BigInt(rowIds[slot]!),
      score,
      row: null,
      document: documents[slot]!,
    }));
  }

  /**
   * Gives the ranking the lengths of the slots made visible since, and each length's k1 × (1 − b +
   * b × length / `average`) (see `MirrorTerms.setNorms`) again when the average changes or a
   * longer row came: the work of a change of the average is the lengths', not the rows'.
   */
  private setNorms(average: number): void {
    const { visible, lengths } = this;
    const held = this.normsFor;
    let longest = held.longest;
    if (held.slots < visible) {
      this.terms.setLengths(held.slots, visible, lengths);
      for (let slot = held.slots; slot < visible; slot++) longest = Math.max(longest, lengths[slot]!);
    }
    const normsStale = held.average !== average || held.normsLongest < longest;
    if (normsStale)
      this.terms.setNorms(longest, (length) => BM25_K1 * (1 - BM25_B + (BM25_B * length) / average));
    this.normsFor = {
      slots: Math.max(held.slots, visible),
      longest,
      average,
      normsLongest: normsStale ? longest : held.normsLongest,
    };
  }

  /** Which version codes a search keeps: `version`'s and unversioned rows' (every one without a version). */
  private versionMask(version: string | undefined): Uint8Array {
    if (version === undefined) return EVERY_VERSION;
    const mask = this.versionCodes.mask([version], CODES);
    mask[UNVERSIONED] = 1;
    return mask;
  }

  /** Room for `size` slots. */
  private growSlots(size: number): void {
    this.rowIds = grown(this.rowIds, size);
    this.tenants = grown(this.tenants, size);
    this.versions = grown(this.versions, size);
    this.documents = grown(this.documents, size);
    this.lengths = grown(this.lengths, size);
  }
}
