/**
 * Writes small, real FLAC files (uncompressed "verbatim" frames, a sine tone) with or without
 * Vorbis comment tags, so upload journeys use genuine audio the browser's tag reader and the
 * pod's importer both parse, without any binary fixture in the repository.
 */

const SAMPLE_RATE = 44_100;
const BLOCK_SIZE = 4096;

function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function blockHeader(type: number, length: number, last: boolean): Buffer {
  return Buffer.from([(last ? 0x80 : 0) | type, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff]);
}

function streamInfo(totalSamples: number): Buffer {
  const info = Buffer.alloc(34);
  info.writeUInt16BE(BLOCK_SIZE, 0);
  info.writeUInt16BE(BLOCK_SIZE, 2);
  // Min and max frame sizes (bytes 4–9) and the MD5 (18–33) stay 0: "unknown" is allowed.
  // 20 bits sample rate, 3 bits channels-1 (mono), 5 bits bits-per-sample-1 (16), 36 bits total samples.
  const packed = (BigInt(SAMPLE_RATE) << 44n) | (0n << 41n) | (15n << 36n) | BigInt(totalSamples);
  info.writeBigUInt64BE(packed, 10);
  return info;
}

function vorbisComment(tags: Record<string, string>): Buffer {
  const vendor = Buffer.from('shoal e2e');
  const entries = Object.entries(tags).map(([key, value]) => Buffer.from(`${key}=${value}`));
  const parts: Buffer[] = [];
  const u32 = (value: number) => {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value, 0);
    return buffer;
  };
  parts.push(u32(vendor.length), vendor, u32(entries.length));
  for (const entry of entries) parts.push(u32(entry.length), entry);
  return Buffer.concat(parts);
}

function frame(index: number, samples: Int16Array): Buffer {
  const full = samples.length === BLOCK_SIZE;
  // Block size code 12 is 4096; 7 means "16-bit (size-1) follows the frame number". 9 is 44.1 kHz.
  // The frame number is UTF-8 coded: one byte below 128, two below 2048.
  const number = index < 0x80 ? [index] : [0xc0 | (index >> 6), 0x80 | (index & 0x3f)];
  const header = [0xff, 0xf8, ((full ? 12 : 7) << 4) | 9, (0 << 4) | (4 << 1), ...number];
  if (!full) header.push(((samples.length - 1) >> 8) & 0xff, (samples.length - 1) & 0xff);
  const headerBytes = Uint8Array.from(header);
  const body = Buffer.alloc(1 + samples.length * 2);
  body[0] = 0x02; // verbatim subframe, no wasted bits
  for (let i = 0; i < samples.length; i += 1) body.writeInt16BE(samples[i] ?? 0, 1 + i * 2);
  const withoutCrc = Buffer.concat([Buffer.from(headerBytes), Buffer.from([crc8(headerBytes)]), body]);
  const crc = Buffer.alloc(2);
  crc.writeUInt16BE(crc16(withoutCrc), 0);
  return Buffer.concat([withoutCrc, crc]);
}

/** A mono 16-bit FLAC of `seconds` at `frequency` Hz, tagged with `tags` (none when empty). */
export function makeFlac(options: { frequency: number; seconds?: number; tags?: Record<string, string> }): Buffer {
  const total = Math.round(SAMPLE_RATE * (options.seconds ?? 2));
  if (Math.ceil(total / BLOCK_SIZE) > 2047) throw new Error('too long for two-byte frame numbers');
  const pcm = new Int16Array(total);
  for (let i = 0; i < total; i += 1)
    pcm[i] = Math.round(Math.sin((2 * Math.PI * options.frequency * i) / SAMPLE_RATE) * 8000);
  const tags = options.tags ?? {};
  const hasTags = Object.keys(tags).length > 0;
  const parts: Buffer[] = [Buffer.from('fLaC'), blockHeader(0, 34, !hasTags), streamInfo(total)];
  if (hasTags) {
    const comment = vorbisComment(tags);
    parts.push(blockHeader(4, comment.length, true), comment);
  }
  for (let start = 0, index = 0; start < total; start += BLOCK_SIZE, index += 1) {
    parts.push(frame(index, pcm.subarray(start, Math.min(total, start + BLOCK_SIZE))));
  }
  return Buffer.concat(parts);
}
