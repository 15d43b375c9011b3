import type { DocumentedOperation } from '@/lib/schemas/operation';

export type DocumentedHandler = ((request: Request) => Promise<Response>) & {
  documentedOperation: DocumentedOperation;
};

/**
 * A route handler that does not go through the REST pipeline (see DocumentedOperation), tagged with the
 * operation that describes it, so the OpenAPI test can match the handler, its folder and the document.
 */
export function documented(
  operation: DocumentedOperation,
  handler: (request: Request) => Promise<Response>,
): DocumentedHandler {
  return Object.assign(handler, { documentedOperation: operation });
}
