import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { COVERAGE_WORKER_CAP, type Coverage, coverageQuery } from '../../lib/schemas/coverage';
import { defineTool, success, type ToolContext } from '../tool-kit';

// Before paying: who is near a place and what similar tasks there took and paid (GET /v1/geo/coverage).

const query = coverageQuery.shape;

export function registerCoverageTools(server: McpServer, context: ToolContext) {
  const { client } = context;

  defineTool(server, context, 'quote_task', {
    title: 'Quote a task before posting it',
    description:
      'Before create_task: how many listed workers are within `radius_meters` (default 10 km) of the place, how ' +
      'many are available now and how many have every skill in `skills`; and, from Legwork’s own last 90 days of ' +
      'tasks there (of `category` if given), the median minutes until a worker accepted and the median budget ' +
      'of completed tasks (`recommendedBudgetCents`), each null below 5 tasks, with the sample size and a ' +
      'confidence (low below 5, medium below 30, high). Use the budget as a guide for create_task’s ' +
      '`budgetCents`. Skills come from the capability catalogue (driving, car, photography, delivery, english …); ' +
      `an unknown one is refused. Read-only, free.`,
    input: z.strictObject({
      lat: query.lat,
      lng: query.lng,
      radius_meters: query.radiusMeters,
      skills: query.skills,
      category: query.category,
    }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: async (args, { signal }) => {
      const params = {
        lat: args.lat,
        lng: args.lng,
        radiusMeters: args.radius_meters,
        ...(args.skills?.length ? { skills: args.skills.join(',') } : {}),
        ...(args.category ? { category: args.category } : {}),
      };
      const { data } = await client.GET('/v1/geo/coverage', { params: { query: params }, signal });
      return success({ coverage: data }, renderCoverage(data, args.radius_meters));
    },
  });
}

function renderCoverage(coverage: Coverage, radiusMeters: number): string {
  const listed =
    coverage.listedWorkers >= COVERAGE_WORKER_CAP ? `at least ${COVERAGE_WORKER_CAP}` : `${coverage.listedWorkers}`;
  const lines = [
    `${listed} listed workers within ${radiusMeters} m; ${coverage.availableNow} available now; ` +
      `${coverage.matchingSkills} with every skill asked.`,
  ];
  if (coverage.medianMinutesToAccept === null && coverage.recommendedBudgetCents === null) {
    lines.push(`Not enough history here yet (${coverage.sampleSize} tasks in the last 90 days).`);
  } else {
    if (coverage.medianMinutesToAccept !== null) {
      lines.push(`Median time to acceptance: ${coverage.medianMinutesToAccept} minutes.`);
    }
    if (coverage.suggestedAcceptWithinMinutes !== null) {
      lines.push(
        `Suggested accept-by guarantee: acceptWithinMinutes ${coverage.suggestedAcceptWithinMinutes} (80% of tasks here were accepted within it).`,
      );
    }
    if (coverage.recommendedBudgetCents !== null) {
      lines.push(`Recommended budget (median of completed tasks): ${coverage.recommendedBudgetCents} cents.`);
    }
    lines.push(`Confidence ${coverage.confidence}, from ${coverage.sampleSize} tasks.`);
  }
  return lines.join('\n');
}
