import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
  options: { exclude: { path: string } };
};

// A small tree laid out like ours, with one of each kind of violation the map must catch.
const files: Record<string, string> = {
  'lib/schemas/tasks.ts': 'export const statuses = ["draft"];\n',
  'lib/tasks/task-rules.ts': 'import { statuses } from "../schemas/tasks";\nexport const first = statuses[0];\n',
  'lib/tasks/task-rules.test.ts': 'import { page } from "../../app/page";\nexport const probe = page;\n',
  'lib/services/tasks/a.ts': 'import { b } from "./b";\nexport const a = () => b;\n',
  'lib/services/tasks/b.ts': 'import { a } from "./a";\nexport const b = () => a;\n',
  'lib/services/tasks/uses-errors.ts':
    'import { ApiError } from "../../errors/api-error";\nexport const e = ApiError;\n',
  // Service domains: downward is allowed (tasks asks money), upward, sideways within a tier and unplaced are not.
  'lib/services/tasks/approve.ts': 'import { pay } from "../money/pay";\nexport const approve = pay;\n',
  'lib/services/money/pay.ts': 'import { escrow } from "../../payments/ledger/accounts";\nexport const pay = escrow;\n',
  'lib/payments/ledger/accounts.ts': 'export const escrow = "escrow";\n',
  'lib/services/notifications/notify.ts': 'import { approve } from "../tasks/approve";\nexport const n = approve;\n',
  'lib/services/admin/audit.ts': 'import { n } from "../agents/spend";\nexport const audit = n;\n',
  'lib/services/agents/spend.ts':
    'import { escrow } from "../../payments/ledger/accounts";\nexport const n = escrow;\n',
  'lib/services/unplaced/x.ts': 'import { pay } from "../money/pay";\nexport const x = pay;\n',
  'lib/services/money/pay.test.ts': 'import { approve } from "../tasks/approve";\nexport const t = approve;\n',
  'lib/errors/api-error.ts': 'export class ApiError extends Error {}\n',
  'app/page.ts': 'import { Banner } from "../components/banner";\nexport const page = Banner;\n',
  'app/actions.ts': 'export const act = 1;\n',
  'components/banner.ts': 'import { act } from "../app/actions";\nexport const Banner = act;\n',
  'stray/loose.ts': 'import { ApiError } from "../lib/errors/api-error";\nexport const x = ApiError;\n',
};

const root = mkdtempSync(path.join(tmpdir(), 'layer-map-'));
for (const [file, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function violations() {
  const result = await cruise(
    ['.'],
    { baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden }, tsPreCompilationDeps: true },
    { extensions: ['.ts'] },
  );
  if (typeof result.output === 'string') throw new Error('expected a cruise result object');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('the layer map (.dependency-cruiser.cjs)', () => {
  it('refuses upward imports, cycles, files outside the map, domain loops and the ledger outside money; lets tests import anything', async () => {
    expect(await violations()).toEqual([
      'in-the-map: stray/loose.ts -> lib/errors/api-error.ts',
      'ledger-through-money: lib/services/agents/spend.ts -> lib/payments/ledger/accounts.ts',
      'no-cycles: lib/services/tasks/a.ts -> lib/services/tasks/b.ts',
      'no-upward-from-components: components/banner.ts -> app/actions.ts',
      'no-upward-from-domain: lib/tasks/task-rules.ts -> lib/schemas/tasks.ts',
      'service-tiers-admin: lib/services/admin/audit.ts -> lib/services/agents/spend.ts',
      'service-tiers-notifications: lib/services/notifications/notify.ts -> lib/services/tasks/approve.ts',
      'service-tiers-placed: lib/services/unplaced/x.ts -> lib/services/money/pay.ts',
    ]);
  });

  it('has no exceptions: every rule is an error and none allows a path by name', () => {
    for (const rule of config.forbidden) {
      expect(rule.severity).toBe('error');
      expect(JSON.stringify('to' in rule ? rule.to : {})).not.toContain('pathNot');
    }
  });
});
