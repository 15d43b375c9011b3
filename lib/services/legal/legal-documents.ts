import { readFileSync } from 'node:fs';
import path from 'node:path';

import { formatMoney } from '@/lib/format/money';
import { LEGAL_SLUGS, type LegalSlug } from '@/lib/schemas/legal';
import { cancellationPolicyValues } from '@/lib/tasks/cancellation-policy';

export type LegalDocument = { slug: LegalSlug; title: string; version: string; effectiveAt: string; body: string };

/** Or a test's copy with a bumped version. */
export type LegalDocuments = Record<LegalSlug, LegalDocument>;

export function parseFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { fields, body: source.slice(match[0].length).replace(/^(\s*\n)+/, '') };
}

function toDocument(slug: LegalSlug, source: string): LegalDocument {
  const { fields, body } = parseFrontMatter(source);
  const { title, version, effectiveAt } = fields;
  // A document without its head is a mistake in the repo, found by the first test that loads it.
  if (!title || !version || !effectiveAt) throw new Error(`legal/${slug}.md needs title, version and effectiveAt`);
  return { slug, title, version, effectiveAt, body: withPolicyValues(body) };
}

// The terms quote the deployment's own cancellation policy, so the figures a person agrees to are the ones applied.
function withPolicyValues(body: string): string {
  const policy = cancellationPolicyValues();
  return body
    .replaceAll('{{CANCEL_FREE_MINUTES}}', String(policy.freeMinutes))
    .replaceAll('{{CANCEL_FEE_PERCENT}}', String(policy.feePercent))
    .replaceAll('{{CANCEL_FEE_MIN}}', formatMoney(policy.feeMinCents));
}

let cached: LegalDocuments | undefined;

// Each path is a literal so that `next build` traces exactly these files (a computed path traces the whole project).
export function legalDocuments(): LegalDocuments {
  cached ??= {
    terms: toDocument('terms', readFileSync(path.join(process.cwd(), 'legal', 'terms.md'), 'utf8')),
    privacy: toDocument('privacy', readFileSync(path.join(process.cwd(), 'legal', 'privacy.md'), 'utf8')),
    'worker-agreement': toDocument(
      'worker-agreement',
      readFileSync(path.join(process.cwd(), 'legal', 'worker-agreement.md'), 'utf8'),
    ),
  };
  return cached;
}

export function isLegalSlug(slug: string): slug is LegalSlug {
  return (LEGAL_SLUGS as readonly string[]).includes(slug);
}
