import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeJpeg } from '@/test/jpeg';
import { AGENT_IMAGE_MAX_BYTES, AGENT_IMAGE_MAX_SIDE, proofImageForAgent } from './proof-image-for-agent';

// Noise compresses badly: the worst case for the 1 MB bound, which a smooth test pattern would never reach.
async function noisyPng(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = 12_345;
  for (let index = 0; index < pixels.length; index += 1) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    pixels[index] = state >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

describe('proofImageForAgent', () => {
  it('brings a 4000×3000 photo down to a JPEG of at most 1,568 px and 1 MB, keeping its shape', async () => {
    const image = await proofImageForAgent(await makeJpeg({ width: 4_000, height: 3_000 }));
    expect(image).toMatchObject({ mimeType: 'image/jpeg', width: 1_568, height: 1_176 });
    const metadata = await sharp(image?.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1_568, height: 1_176 });
    expect(image?.bytes.byteLength).toBeLessThanOrEqual(AGENT_IMAGE_MAX_BYTES);
  });

  it('lowers the quality, then the size, until a photo of pure noise fits in 1 MB', async () => {
    const image = await proofImageForAgent(await noisyPng(3_000, 2_000));
    expect(image?.bytes.byteLength).toBeLessThanOrEqual(AGENT_IMAGE_MAX_BYTES);
    expect(Math.max(image?.width ?? 0, image?.height ?? 0)).toBeLessThanOrEqual(AGENT_IMAGE_MAX_SIDE);
    expect(await sharp(image?.bytes).metadata()).toMatchObject({ format: 'jpeg', width: image?.width });
  });

  it('never enlarges a small photo, and turns a PNG into a JPEG', async () => {
    const small = await proofImageForAgent(await makeJpeg({ width: 320, height: 240 }));
    expect(small).toMatchObject({ mimeType: 'image/jpeg', width: 320, height: 240 });
    const png = await sharp(await makeJpeg({ width: 200, height: 300 }))
      .png()
      .toBuffer();
    expect(await sharp((await proofImageForAgent(png))?.bytes).metadata()).toMatchObject({
      format: 'jpeg',
      width: 200,
      height: 300,
    });
  });

  it('answers null for bytes that are no image', async () => {
    expect(await proofImageForAgent(Buffer.from('not an image at all'))).toBeNull();
  });
});
