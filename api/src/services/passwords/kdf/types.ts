/** Messages between the KDF pool and its workers. */
export interface KdfJob {
  password: string;
  salt: Uint8Array;
  keylen: number;
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

export type KdfResult = { key: Uint8Array } | { error: string };
