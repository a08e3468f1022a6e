/** A typed array's kinds that the in-memory indexes (the search box's, the search mirror) grow. */
type GrowableArray = Int32Array | Uint8Array | Uint16Array | Uint32Array | Float32Array | Float64Array;

/** `array` copied into one of `size` elements. */
export function grown<T extends GrowableArray>(array: T, size: number): T {
  const bigger = new (array.constructor as new (size: number) => T)(size);
  bigger.set(array);
  return bigger;
}
