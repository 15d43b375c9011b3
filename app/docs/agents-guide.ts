import { readFile } from 'node:fs/promises';
import path from 'node:path';

// docs/agents.md, the agent guide, as this site serves it: the placeholder site in its examples
// (`https://legwork.example`) becomes this deployment's SITE_URL, so what an agent copies works here.
const PLACEHOLDER_SITE = 'https://legwork.example';

export async function readAgentGuide(siteUrl: string): Promise<string> {
  const text = await readFile(path.join(process.cwd(), 'docs', 'agents.md'), 'utf8');
  return text.replaceAll(PLACEHOLDER_SITE, siteUrl.replace(/\/+$/, ''));
}
