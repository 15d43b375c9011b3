import { expect, test } from '../fixtures';

// The API reference once shipped every operation, schemas and Try it included, on one 1.6 MB page. The front
// page is now the index and each tag has a page of its own; none may grow past 400 KB of HTML.
const MAX_PAGE_BYTES = 400_000;

test('/docs and every tag page of the reference stay under 400 KB of HTML', async ({ request }) => {
  const index = await request.get('/docs');
  expect(index.status()).toBe(200);
  const html = await index.text();
  expect(Buffer.byteLength(html)).toBeLessThan(MAX_PAGE_BYTES);

  const tagPages = [
    ...new Set(
      [...html.matchAll(/href="(\/docs\/reference\/[a-z0-9-]+)"/g)].flatMap(([, path]) => (path ? [path] : [])),
    ),
  ];
  expect(tagPages).toContain('/docs/reference/tasks');
  expect(tagPages.length).toBeGreaterThan(10);
  let operations = 0;
  for (const path of tagPages) {
    const page = await request.get(path);
    expect(page.status(), path).toBe(200);
    const body = await page.text();
    expect(Buffer.byteLength(body), path).toBeLessThan(MAX_PAGE_BYTES);
    operations += body.match(/<article id="/g)?.length ?? 0;
  }
  // Every operation is in full on one of them.
  const openapi = (await (await request.get('/v1/openapi.json')).json()) as { paths: Record<string, object> };
  const documented = Object.values(openapi.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
  expect(operations).toBe(documented);

  expect((await request.get('/docs/reference/no-such-tag')).status()).toBe(404);
});
