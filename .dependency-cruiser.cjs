// The layer map (docs/architecture.md, "Layers"), checked by `npm run lint:layers` and by `npm test`.
// Layers are listed lowest first: a module may import its own layer and the ones below it, never one above.
// There is no baseline or exceptions file: a violation is fixed by moving code, not by listing it here.
const TEST = '(^test/|^e2e/|^mcp/testing/|\\.test\\.tsx?$)';

const layers = [
  { name: 'format', path: '^lib/format/' },
  { name: 'config', path: '^lib/(env\\.ts|logger\\.ts|config/)' },
  { name: 'db', path: '^db/' },
  { name: 'errors', path: '^lib/errors/' },
  { name: 'domain', path: '^lib/(tasks|workers|geo)/' },
  { name: 'auth', path: '^lib/auth/' },
  { name: 'io', path: '^lib/(mail|sms|realtime|http)/' },
  { name: 'payments', path: '^lib/payments/' },
  { name: 'events', path: '^lib/events/' },
  { name: 'webhooks', path: '^lib/webhooks/' },
  { name: 'push', path: '^lib/push/' },
  { name: 'schemas', path: '^lib/schemas/' },
  { name: 'services', path: '^lib/services/' },
  { name: 'jobs', path: '^lib/jobs/' },
  { name: 'api', path: '^lib/api/' },
  { name: 'openapi', path: '^lib/openapi/' },
  { name: 'client', path: '^lib/client/' },
  { name: 'mcp', path: '^mcp/' },
  { name: 'metrics', path: '^lib/metrics/' },
  { name: 'router', path: '^lib/router/' },
  { name: 'web', path: '^lib/web/' },
  { name: 'components', path: '^components/' },
  { name: 'app', path: '^app/' },
  {
    name: 'entry',
    path: '^(server\\.ts|instrumentation(-node)?\\.ts|[^/]+\\.config\\.(ts|mjs)|next-env\\.d\\.ts|scripts/)',
  },
  { name: 'test', path: TEST },
];

// Test files sit beside the code they test but belong to the top layer, so they never count as their folder.
const inLayer = (layer) => (layer.name === 'test' ? { path: layer.path } : { path: layer.path, pathNot: TEST });

const upward = layers.slice(0, -1).map((layer, index) => ({
  name: `no-upward-from-${layer.name}`,
  severity: 'error',
  comment: `${layer.name} may import only its own layer and those below it (docs/architecture.md, "Layers").`,
  from: inLayer(layer),
  to: { path: layers.slice(index + 1).map((above) => above.path) },
}));

// The folders of lib/services (domains), lowest tier first (docs/architecture.md, "Service domains"). A domain
// imports only domains of lower tiers: never one of its own tier or above, so the folders form a directed acyclic
// graph, and a new folder must be placed here before it may import or be imported.
const serviceTiers = [
  ['geo', 'health', 'legal', 'messaging', 'sessions', 'usage'],
  ['users'],
  ['operators', 'uploads', 'webhooks'],
  ['workers', 'services'],
  ['coverage', 'notifications'],
  ['money'],
  ['tasks'],
  ['admin', 'agents', 'bookings', 'dashboard', 'messages', 'offers', 'reviews', 'series', 'tips'],
  ['disputes', 'email-replies', 'feedback', 'intake', 'sandbox'],
  ['claims'],
  ['waits'],
];
const domainPath = (names) => `^lib/services/(${names.join('|')})/`;

const serviceDag = serviceTiers.flatMap((tier, index) =>
  tier.map((domain) => ({
    name: `service-tiers-${domain}`,
    severity: 'error',
    comment: `lib/services/${domain} may import only domains of lower tiers (docs/architecture.md, "Service domains").`,
    from: { path: domainPath([domain]), pathNot: TEST },
    to: {
      path: domainPath(
        serviceTiers
          .slice(index)
          .flat()
          .filter((other) => other !== domain),
      ),
    },
  })),
);

module.exports = {
  forbidden: [
    ...upward,
    ...serviceDag,
    {
      name: 'service-tiers-placed',
      severity: 'error',
      comment: 'Every folder of lib/services has a tier: add a new one to serviceTiers here and in the docs.',
      from: { path: '^lib/services/', pathNot: [domainPath(serviceTiers.flat()), TEST] },
      to: {},
    },
    {
      name: 'ledger-through-money',
      severity: 'error',
      comment: 'The ledger is written and read only through lib/services/money (docs/architecture.md, "Money flow").',
      from: { path: '^(lib|app|mcp|components)/', pathNot: ['^lib/payments/', '^lib/services/money/', TEST] },
      to: { path: '^lib/payments/ledger/' },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules may not import each other, directly or through others.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'in-the-map',
      severity: 'error',
      comment: 'Every source file belongs to a layer: add a new folder to the map here and in the docs.',
      from: { path: '\\.(ts|tsx|mjs|cjs|js)$', pathNot: [...layers.map((layer) => layer.path), '^node_modules/'] },
      to: {},
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import the checker cannot resolve cannot be checked.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|\\.data|\\.test-results|test-results|playwright-report)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
