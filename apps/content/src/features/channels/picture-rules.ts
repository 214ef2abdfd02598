/** product.md §5: channel pictures are PNG or JPG, square, 1400×1400 to 3000×3000 px, at most 5 MB. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg'] as const;
export const PICTURE_MIN_PX = 1400;
export const PICTURE_MAX_PX = 3000;
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

export type PictureProblem = 'type' | 'size' | 'dimensions' | 'unreadable';

export interface PictureFacts {
  type: string;
  size: number;
  width: number;
  height: number;
}

/** The first rule a picture breaks, or null when it may be sent. */
export function pictureProblem(facts: PictureFacts): PictureProblem | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(facts.type)) return 'type';
  if (facts.size > PICTURE_MAX_BYTES) return 'size';
  const inRange = (value: number) => value >= PICTURE_MIN_PX && value <= PICTURE_MAX_PX;
  if (facts.width !== facts.height || !inRange(facts.width)) return 'dimensions';
  return null;
}

/** Reads a picture's pixel size in the browser. */
export async function measurePicture(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** Checks type and size first (no decoding needed), then the dimensions. */
export async function checkPicture(
  file: File,
  measure: (file: File) => Promise<{ width: number; height: number } | null> = measurePicture,
): Promise<PictureProblem | null> {
  const early = pictureProblem({ type: file.type, size: file.size, width: PICTURE_MIN_PX, height: PICTURE_MIN_PX });
  if (early) return early;
  const size = await measure(file);
  if (!size) return 'unreadable';
  return pictureProblem({ type: file.type, size: file.size, ...size });
}
