import type { DocumentedOperation } from '@/lib/schemas/operation';

export type DocumentedHandler = ((request: Request) => Promise<Response>) & {
  documentedOperation: DocumentedOperation;
};

// Tagged with its operation so the OpenAPI test can match the handler, its folder and the document.
export function documented(
  operation: DocumentedOperation,
  handler: (request: Request) => Promise<Response>,
): DocumentedHandler {
  return Object.assign(handler, { documentedOperation: operation });
}
