import { createHash } from 'node:crypto';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../lib/errors/api-error';
import { SERVER_INFO } from './server';

// The MCP Server Card (SEP-2127, the experimental extension modelcontextprotocol/experimental-ext-server-card): what
// a client reads before it connects, so that knowing the site is enough to find the MCP endpoint. Built from the
// same SERVER_INFO the server answers `initialize` with, because a card must not contradict the live server. Served
// by Next (app/well-known/mcp/server-card.json/route.ts) and by server.ts (lib/router/server-card.ts) alike.

export const SERVER_CARD_PATH = '/.well-known/mcp/server-card.json';
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';

export type CardAnswer = { status: number; headers: Record<string, string>; body?: string };

const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag' };
const READ_METHODS = ['GET', 'HEAD', 'OPTIONS'];

export function buildServerCard(siteUrl: string) {
  const site = siteUrl.replace(/\/+$/, '');
  // The registry's reverse-DNS namespace, from the deployment's own host: each deployment is its own server.
  const namespace = new URL(site).hostname.split('.').reverse().join('.');
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: `${namespace}/${SERVER_INFO.name}`,
    version: SERVER_INFO.version,
    title: 'Legwork',
    description: 'Hire people for physical tasks: post and pay for a task, talk to the worker, approve the proof.',
    websiteUrl: `${site}/docs/agents`,
    remotes: [
      {
        type: 'streamable-http',
        url: `${site}/v1/mcp`,
        headers: [
          {
            name: 'Authorization',
            description:
              'Your Legwork API key (lgw_live_… or lgw_test_…). Optional: without it only propose_task, await_claim ' +
              'and register_agent work, and they deliver a key.',
            isRequired: false,
            isSecret: true,
            value: 'Bearer {api_key}',
            variables: { api_key: { description: 'A Legwork API key', isSecret: true } },
          },
        ],
        supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
      },
    ],
    // The card's v1 schema leaves local installs to the registry's server.json and points vendors at `_meta`:
    // this is server.json's `packages` entry for the stdio server (the `legwork-mcp` bin).
    _meta: {
      [`${namespace}/packages`]: [
        {
          registryType: 'npm',
          identifier: 'legwork-mcp',
          runtimeHint: 'npx',
          transport: { type: 'stdio' },
          environmentVariables: [
            { name: 'LEGWORK_BASE_URL', description: 'This site, without /v1', default: site, isRequired: false },
            { name: 'LEGWORK_API_KEY', description: 'A Legwork API key', isRequired: false, isSecret: true },
          ],
        },
      ],
    },
  };
}

const rendered = new Map<string, { body: string; etag: string }>();

/** The card as JSON and its entity tag, made once per site URL (it changes only with a deploy or SITE_URL). */
function renderCard(siteUrl: string) {
  let card = rendered.get(siteUrl);
  if (!card) {
    const body = JSON.stringify(buildServerCard(siteUrl));
    card = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    rendered.set(siteUrl, card);
  }
  return card;
}

/**
 * The answer to any request for the card, as both servers write it: the card (HEAD: its headers), 304 for a
 * matching If-None-Match, the CORS preflight, or 405 in the API's error envelope for any other method.
 */
export function answerServerCard(method: string, ifNoneMatch: string | null | undefined, siteUrl: string): CardAnswer {
  if (method === 'OPTIONS') {
    return {
      status: 204,
      headers: {
        ...CORS,
        'access-control-allow-methods': 'GET, HEAD',
        'access-control-allow-headers': 'Content-Type, If-None-Match',
        'access-control-max-age': '86400',
        allow: READ_METHODS.join(', '),
      },
    };
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const error = new ApiError('METHOD_NOT_ALLOWED', {
      message: `${method} is not allowed on this path`,
      hint: 'Use GET; the card is a read-only document.',
    });
    return {
      status: error.status,
      headers: { 'content-type': 'application/json; charset=utf-8', allow: READ_METHODS.join(', ') },
      body: JSON.stringify(error.toBody()),
    };
  }
  const { body, etag } = renderCard(siteUrl);
  // The discovery draft's advice: an hour fresh, then revalidated by ETag.
  const headers = { ...CORS, 'cache-control': 'public, max-age=3600', etag };
  if (matches(ifNoneMatch, etag)) return { status: 304, headers };
  return { status: 200, headers: { ...headers, 'content-type': SERVER_CARD_MEDIA_TYPE }, body };
}

/** RFC 9110's weak comparison for If-None-Match: any listed tag (W/ or not) equal to ours, or `*`. */
function matches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
