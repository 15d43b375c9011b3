import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from './reencode-image';

/** Anthropic's advice for vision input: a longer side past 1,568 px is scaled down by the model anyway. */
export const AGENT_IMAGE_MAX_SIDE = 1_568;
export const AGENT_IMAGE_MAX_BYTES = 1_000_000;

const QUALITIES = [82, 72, 62, 52, 42];
const SHRINK = 0.75;
const MIN_SIDE = 64;

export type AgentImage = { bytes: Buffer; mimeType: 'image/jpeg'; width: number; height: number };

/**
 * A proof photo as an agent's model should get it: a JPEG, upright, longest side at most AGENT_IMAGE_MAX_SIDE (never
 * enlarged), at most AGENT_IMAGE_MAX_BYTES. The quality steps down first, then the size, until it fits. Null when
 * the bytes are no image sharp can read (a stored file is always one, so this is a damaged file).
 */
export async function proofImageForAgent(bytes: Buffer): Promise<AgentImage | null> {
  try {
    let side = AGENT_IMAGE_MAX_SIDE;
    for (;;) {
      let longest = side;
      for (const quality of QUALITIES) {
        const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality })
          .toBuffer({ resolveWithObject: true });
        if (data.byteLength <= AGENT_IMAGE_MAX_BYTES || side <= MIN_SIDE) {
          return { bytes: data, mimeType: 'image/jpeg', width: info.width, height: info.height };
        }
        longest = Math.max(info.width, info.height);
      }
      // From the size it came out at: a photo already under the bound must shrink from its own size.
      side = Math.max(MIN_SIDE, Math.floor(Math.min(side, longest) * SHRINK));
    }
  } catch {
    return null;
  }
}
