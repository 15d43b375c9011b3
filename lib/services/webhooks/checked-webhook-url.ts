import { env } from '@/lib/env';
import { validationError } from '@/lib/errors/api-error';
import { BlockedUrlError, checkWebhookUrl, type Resolver, systemResolver } from '@/lib/webhooks/url-guard';

/** The URL as it will be stored, or 400 `VALIDATION_ERROR` on `url` for one the SSRF rules refuse. */
export async function checkedWebhookUrl(raw: string, resolve: Resolver = systemResolver): Promise<URL> {
  try {
    return await checkWebhookUrl(raw, { allowPrivate: env().WEBHOOKS_ALLOW_PRIVATE_URLS }, resolve);
  } catch (error) {
    if (error instanceof BlockedUrlError) throw validationError([{ path: ['url'], message: error.message }]);
    throw error;
  }
}
