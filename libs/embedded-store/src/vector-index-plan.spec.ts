import {
  BURST_RETRAIN_GROWTH,
  MAX_BURST_INDEX_SEGMENTS,
  MAX_INDEX_SEGMENTS,
  ROWS_PER_PARTITION,
  VECTOR_INDEX_MIN_ROWS,
  planVectorIndex,
} from './vector-index-plan';

const flat = (trainedRows: number, segments = 1) => ({ type: 'IvfFlat', trainedRows, segments });

describe('planVectorIndex', () => {
  it('leaves a small table to a scan and trains once it reaches the threshold', () => {
    expect(planVectorIndex({ rows: VECTOR_INDEX_MIN_ROWS - 1, index: null })).toEqual({ train: false });
    expect(planVectorIndex({ rows: 12_000, index: null })).toEqual({
      train: true,
      reason: 'no index yet',
      numPartitions: 12,
      sampleRate: 64,
      maxIterations: 10,
    });
  });

  it('trains a first index when the first burst ends, not during it', () => {
    expect(planVectorIndex({ rows: 60_000, index: null, endOfBurst: false })).toEqual({ train: false });
    expect(planVectorIndex({ rows: 100_000, index: null, endOfBurst: true })).toMatchObject({
      train: true,
      reason: 'no index yet',
      numPartitions: 100,
    });
  });

  it('sizes the partitions to the table, so a search reads about the same number of vectors', () => {
    const plan = planVectorIndex({ rows: 300_000, index: null });
    expect(plan).toMatchObject({ train: true, numPartitions: 300_000 / ROWS_PER_PARTITION });
  });

  it('merges new rows into the index (no training) until the table has doubled', () => {
    expect(planVectorIndex({ rows: 99_999, index: flat(50_000) })).toEqual({ train: false });
    expect(planVectorIndex({ rows: 100_000, index: flat(50_000) })).toMatchObject({
      train: true,
      reason: 'table grew',
      numPartitions: 100,
    });
  });

  it('lets the table grow further during a burst before it retrains, each training a whole-table rewrite', () => {
    const during = (rows: number) => planVectorIndex({ rows, index: flat(50_000), endOfBurst: false });
    expect(during(100_000)).toEqual({ train: false });
    expect(during(50_000 * BURST_RETRAIN_GROWTH - 1)).toEqual({ train: false });
    expect(during(50_000 * BURST_RETRAIN_GROWTH)).toMatchObject({ train: true, reason: 'table grew' });
    // The burst's end retrains what grew by a quarter, as before.
    expect(planVectorIndex({ rows: 100_000, index: flat(50_000), endOfBurst: true })).toMatchObject({
      train: true,
    });
  });

  it('retrains at the end of a burst that grew the table by a quarter, and merges smaller changes', () => {
    expect(planVectorIndex({ rows: 62_000, index: flat(50_000), endOfBurst: true })).toEqual({
      train: false,
    });
    expect(planVectorIndex({ rows: 62_500, index: flat(50_000) })).toEqual({ train: false });
    expect(planVectorIndex({ rows: 62_500, index: flat(50_000), endOfBurst: true })).toMatchObject({
      train: true,
      reason: 'burst ended, table grew',
      numPartitions: 63,
    });
  });

  it('retrains when new rows have piled up in too many index segments', () => {
    expect(planVectorIndex({ rows: 60_000, index: flat(50_000, MAX_INDEX_SEGMENTS - 1) })).toEqual({
      train: false,
    });
    expect(planVectorIndex({ rows: 60_000, index: flat(50_000, MAX_INDEX_SEGMENTS) })).toMatchObject({
      train: true,
      reason: 'too many segments',
    });
  });

  it('lets segments pile up further during a burst, and retrains on them when it ends', () => {
    const during = (segments: number) =>
      planVectorIndex({ rows: 600_000, index: flat(500_000, segments), endOfBurst: false });
    expect(during(MAX_INDEX_SEGMENTS)).toEqual({ train: false });
    expect(during(MAX_BURST_INDEX_SEGMENTS - 1)).toEqual({ train: false });
    expect(during(MAX_BURST_INDEX_SEGMENTS)).toMatchObject({ train: true, reason: 'too many segments' });
    expect(
      planVectorIndex({ rows: 600_000, index: flat(500_000, MAX_INDEX_SEGMENTS), endOfBurst: true }),
    ).toMatchObject({ train: true, reason: 'too many segments' });
  });

  it('replaces an index of an older type, and counts an unknown training size as the threshold', () => {
    expect(
      planVectorIndex({ rows: 30_000, index: { type: 'IvfPq', trainedRows: 30_000, segments: 1 } }),
    ).toMatchObject({ train: true, reason: 'index type IvfPq' });
    expect(planVectorIndex({ rows: VECTOR_INDEX_MIN_ROWS * 2 - 1, index: flat(0) })).toEqual({
      train: false,
    });
  });
});
