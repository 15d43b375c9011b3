/** What a path template's matched request gets: its handler and the decoded `{name}` segments. */
export type RouteMatch<H> =
  | { kind: 'found'; handler: H; params: Record<string, string> }
  /** The path exists with other methods: answer 405 with `Allow: allow`. */
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

type Node<H> = {
  /** Literal segments first: `/v1/tasks/propose` wins over `/v1/tasks/{id}`, as in Next's App Router. */
  literals: Map<string, Node<H>>;
  param?: { name: string; node: Node<H> };
  handlers: Map<string, H>;
};

const newNode = <H>(): Node<H> => ({ literals: new Map(), handlers: new Map() });
const PARAM = /^\{(\w+)\}$/;

/**
 * The /v1 route table: a tree of path segments, so a request walks as many nodes as its path has segments instead
 * of testing every route's pattern. `add` takes OpenAPI-style templates (`/v1/tasks/{id}/messages`); `match` takes a
 * canonical path (no empty segment) and backtracks from a literal to a parameter, so `/v1/tasks/propose/x` still
 * finds `/v1/tasks/{id}/x` when no literal route continues.
 */
export class RouteTable<H> {
  private readonly root = newNode<H>();
  /** Methods in the order `Allow` lists them. */
  constructor(private readonly methodOrder: readonly string[]) {}

  add(method: string, template: string, handler: H): void {
    let node = this.root;
    for (const segment of segmentsOf(template)) {
      const name = PARAM.exec(segment)?.[1];
      if (!name) {
        const next = node.literals.get(segment) ?? newNode<H>();
        node.literals.set(segment, next);
        node = next;
        continue;
      }
      if (node.param && node.param.name !== name) {
        throw new Error(`${template}: {${name}} where another route names this segment {${node.param.name}}`);
      }
      node.param ??= { name, node: newNode() };
      node = node.param.node;
    }
    if (node.handlers.has(method)) throw new Error(`${method} ${template} is routed twice`);
    node.handlers.set(method, handler);
  }

  /** Throws URIError for a malformed escape in a parameter segment. */
  match(method: string, pathname: string): RouteMatch<H> {
    const params: Record<string, string> = {};
    const node = walk(this.root, segmentsOf(pathname), 0, params);
    if (!node) return { kind: 'not-found' };
    const handler = node.handlers.get(method);
    if (handler) return { kind: 'found', handler, params };
    return { kind: 'method-not-allowed', allow: this.methodOrder.filter((name) => node.handlers.has(name)) };
  }
}

function segmentsOf(path: string): string[] {
  return path.split('/').slice(1);
}

/** The node with handlers that `segments[index…]` lead to from `node`, filling `params` on the way. */
function walk<H>(
  node: Node<H>,
  segments: string[],
  index: number,
  params: Record<string, string>,
): Node<H> | undefined {
  if (index === segments.length) return node.handlers.size > 0 ? node : undefined;
  const segment = segments[index] ?? '';
  const literal = node.literals.get(segment);
  const found = literal && walk(literal, segments, index + 1, params);
  if (found) return found;
  if (!node.param) return undefined;
  const below = walk(node.param.node, segments, index + 1, params);
  if (below) params[node.param.name] = decodeURIComponent(segment);
  return below;
}
