/** Types of deflate.mjs, for the TypeScript seed. */
export interface Piece {
  chunk: Buffer;
  adler: number;
  length: number;
}
export function adler32(bytes: Uint8Array, start?: number): number;
export function adler32Combine(first: number, second: number, secondLength: number): number;
export function compressPiece(text: string): Piece;
export function assemble(pieces: Piece[]): Buffer;
export class DeflatePool {
  constructor(size?: number);
  /** Resolves to one payload per key, in order. */
  compress(keys: number[], partsOf: (key: number) => (Piece | null)[], texts: string[]): Promise<Buffer[]>;
  close(): Promise<number[]>;
}
