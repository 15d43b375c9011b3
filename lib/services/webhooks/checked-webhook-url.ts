import { env } from '@/lib/env';
import { validationError } from '@/lib/errors/api-error';
import { BlockedUrlError, checkWebhookUrl, type Resolver, systemResolver } from '@/lib/webhooks/url-guard';

export async function checkedWebhookUrl(raw: string, resolve: Resolver = systemResolver): Promise<URL> {
  try {
    return await checkWebhookUrl(raw, { allowPrivate: env().WEBHOOKS_ALLOW_PRIVATE_URLS }, resolve);
  } catch (error) {
    if (error instanceof BlockedUrlError) throw validationError([{ path: ['url'], message: error.message }]);
    throw error;
  }
}
