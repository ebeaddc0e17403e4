// HPACK's static Huffman code (RFC 7541 §5.2, Appendix B), decoding side only: servers send header strings
// Huffman-coded when that is shorter, and this client sends its own as plain literals. The code is
// canonical (codes of one length are consecutive, in symbol order), so the bit lengths define it.
import { HpackError } from './hpack-error.js';

/** Code length in bits of each symbol 0..255 and of EOS (256), in symbol order (RFC 7541 Appendix B). */
const CODE_LENGTHS: readonly number[] = [
  13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 28, // 0-31
  6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10, // ' '-'?'
  13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6, // '@'-'_'
  15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5, 6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28, // '`'-127
  20, 22, 20, 20, 22, 22, 22, 23, 22, 23, 23, 23, 23, 23, 24, 23, 24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23, 22, 23, 23, 24, // 128-159
  22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23, 21, 21, 22, 21, 23, 22, 23, 23, 20, 22, 22, 22, 23, 22, 22, 23, // 160-191
  26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25, 19, 21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26, 28, 27, 27, 27, // 192-223
  20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25, 25, 24, 24, 26, 23, 26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27, 27, 27, 26, // 224-255
  30, // EOS
];
const EOS = 256;

/** The canonical codes: within a length, consecutive in symbol order; each length continues the last. */
export function huffmanCodes(): { code: number; length: number }[] {
  const symbols = CODE_LENGTHS.map((length, symbol) => ({ symbol, length }));
  symbols.sort((a, b) => a.length - b.length || a.symbol - b.symbol);
  const codes = new Array<{ code: number; length: number }>(symbols.length);
  let code = 0;
  let length = symbols[0]!.length;
  for (const entry of symbols) {
    code *= 2 ** (entry.length - length); // multiplication: codes of 30 bits overflow a signed shift
    length = entry.length;
    codes[entry.symbol] = { code, length };
    code++;
  }
  return codes;
}

/**
 * The decoding tree, flattened: node n's children are at [2n] (bit 0) and [2n + 1] (bit 1); a positive entry
 * is the next node, a negative one the leaf of symbol -entry - 1, zero a code no symbol has.
 */
const TREE = buildTree();

function buildTree(): Int32Array {
  const tree = new Int32Array(2 * CODE_LENGTHS.length); // a full binary tree with 257 leaves has 256 inner nodes
  let nodes = 1;
  huffmanCodes().forEach(({ code, length }, symbol) => {
    let node = 0;
    for (let bit = length - 1; bit > 0; bit--) {
      const slot = 2 * node + (Math.floor(code / 2 ** bit) & 1);
      if (tree[slot] === 0) tree[slot] = nodes++;
      node = tree[slot]!;
    }
    tree[2 * node + (code & 1)] = -symbol - 1;
  });
  return tree;
}

/** Decodes a Huffman-coded string; throws on EOS inside it and on padding that is not 0-7 one bits. */
export function decodeHuffman(input: Uint8Array): string {
  const out = Buffer.allocUnsafe(Math.ceil((input.length * 8) / 5)); // no code is shorter than 5 bits
  let length = 0;
  let node = 0;
  let pendingBits = 0; // bits read since the last whole symbol
  let pendingOnes = true;
  for (const byte of input) {
    for (let bit = 7; bit >= 0; bit--) {
      const one = (byte >> bit) & 1;
      const next = TREE[2 * node + one]!;
      pendingBits++;
      pendingOnes &&= one === 1;
      if (next > 0) {
        node = next;
      } else {
        const symbol = -next - 1;
        if (next === 0 || symbol === EOS) throw new HpackError('HPACK: invalid Huffman code');
        out[length++] = symbol;
        node = 0;
        pendingBits = 0;
        pendingOnes = true;
      }
    }
  }
  if (pendingBits > 7 || !pendingOnes) throw new HpackError('HPACK: invalid Huffman padding');
  return out.toString('latin1', 0, length);
}
