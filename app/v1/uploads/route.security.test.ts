import { describe, expect, it } from 'vitest';
import { POST as createProfile } from '@/app/v1/workers/route';
import { validationEnvelope } from '@/test/expect';
import { call, send, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { PNG_BYTES, uploadRequest, withTemporaryDataDir } from '@/test/worker-profiles';
import { POST as upload } from './route';

withTemporaryDataDir();

describe('POST /v1/uploads security', () => {
  it('someone else’s upload cannot become your profile photo', async () => {
    const owner = await signUpViaApi('owner');
    const mine = (await send(upload, uploadRequest(PNG_BYTES, { token: owner.token }))).json.data;
    const thief = await signUpViaApi('thief');
    const res = await call(createProfile, '/v1/workers', {
      token: thief.token,
      ip: uniqueIp(),
      body: { photos: [mine.url] },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([{ path: ['photos', '0'], message: 'No upload of yours has this id' }]),
    );
  });

  it('the served type is the detected one, never the client’s (HTML declared as PNG is refused)', async () => {
    const { token } = await signUpViaApi('uploader');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await send(upload, uploadRequest(html, { token, type: 'image/png', filename: 'x.png' }));
    expect(res.status).toBe(400);
  });
});
