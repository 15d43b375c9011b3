import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { workerSearchQuery } from '../../lib/schemas/worker-search';
import { renderWorker, UNTRUSTED_NOTE, type WorkerProfile } from '../render';
import { defineTool, success, type ToolContext } from '../tool-kit';

// Finding workers: who is listed near a place and how well they fit, and one worker's profile.

const query = workerSearchQuery.shape;

export function registerWorkerTools(server: McpServer, context: ToolContext) {
  const { client } = context;

  defineTool(server, context, 'search_workers', {
    title: 'Find workers near a place',
    description:
      'With `lat` and `lng`: the listed workers within `radius_meters` (default 25 km), best match first, each with ' +
      'distance (to 100 m, from their area: home positions are private) and `matchScore` (0 to 1: distance, ' +
      'skills, rating, availability at `available_at`, ID check). ' +
      'Without coordinates: every listed worker, newest first, paginated with `page_cursor`. Use it to judge ' +
      'whether a task can be done somewhere before create_task; tasks are offered to all nearby workers, you do ' +
      `not assign one. Read-only, free. ${UNTRUSTED_NOTE}`,
    input: z.strictObject({
      lat: query.lat,
      lng: query.lng,
      radius_meters: query.radiusMeters,
      skills: query.skills,
      min_rating: query.minRating,
      available_at: query.availableAt,
      limit: query.limit,
      page_cursor: query.cursor,
    }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: async (args, { signal }) => {
      const geo = args.lat !== undefined || args.lng !== undefined;
      const params = {
        limit: args.limit,
        ...(args.lat === undefined ? {} : { lat: args.lat }),
        ...(args.lng === undefined ? {} : { lng: args.lng }),
        ...(geo ? { radiusMeters: args.radius_meters } : {}),
        ...(args.skills?.length ? { skills: args.skills.join(',') } : {}),
        ...(args.min_rating === undefined ? {} : { minRating: args.min_rating }),
        ...(args.available_at ? { availableAt: args.available_at } : {}),
        ...(args.page_cursor ? { cursor: args.page_cursor } : {}),
      };
      const page = await client.GET('/v1/workers', { params: { query: params }, signal });
      const workers = page.data as WorkerProfile[];
      const lines = workers.map(renderWorker);
      if (page.hasMore) lines.push(`More: call again with page_cursor "${page.nextCursor}".`);
      return success(
        { workers: workers.map(markProfile), nextCursor: page.nextCursor, hasMore: page.hasMore },
        lines.length ? lines.join('\n\n') : 'No listed worker matches.',
      );
    },
  });

  defineTool(server, context, 'get_worker', {
    title: 'Get a worker’s profile',
    description:
      'A worker’s public profile (skills, rating, completed tasks, ID verification, rate, area to about 1 km) and ' +
      'weekly availability, also once they unlist (`isListed`), e.g. the worker on your task. `worker_id` is ' +
      `the profile \`id\` from search_workers. Read-only, free. ${UNTRUSTED_NOTE}`,
    input: z.strictObject({
      worker_id: z
        .uuid()
        .describe('The worker profile’s `id` from search_workers (not a task’s `workerId`, which is their user id).'),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: async (args, { signal }) => {
      const { data } = await client.GET('/v1/workers/{id}', { params: { path: { id: args.worker_id } }, signal });
      return success({ worker: markProfile(data) }, renderWorker(data));
    },
  });
}

/** The profile's free text (name, headline, bio, skills, area names) is the worker's own writing. */
const markProfile = <T extends object>(profile: T) => ({ ...profile, untrustedWorkerText: true });
