import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is the newcomer's map: these checks keep its "Where things go" table and its data model
// from drifting behind the tree, as they once did (issue 17).
const root = path.resolve(import.meta.dirname, '..');
const architecture = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

function foldersUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}/`);
}

function tablesIn(schemaDir: string): string[] {
  return readdirSync(path.join(root, schemaDir))
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => [...readFileSync(path.join(root, schemaDir, file), 'utf8').matchAll(/pgTable\(\s*'(\w+)'/g)])
    .map(([, name]) => name ?? '');
}

/** The names a doc section does not mention as inline code (`name`, or a path that starts with it). */
function unnamed(text: string, names: string[]): string[] {
  return names.filter((name) => !text.includes(`\`${name}`));
}

describe('unnamed', () => {
  it('reports a folder or table the section leaves out', () => {
    const text = '| `lib/api/` | the pipeline |\n- `users` (`users.ts`)';
    expect(unnamed(text, ['lib/api/', 'lib/jobs/', 'users', 'sessions'])).toEqual(['lib/jobs/', 'sessions']);
  });
});

describe('docs/architecture.md', () => {
  const whereThingsGo = section(architecture, 'Where things go');
  const dataModel = section(architecture, 'Data model');

  it('has both sections', () => {
    expect(whereThingsGo).not.toBe('');
    expect(dataModel).not.toBe('');
  });

  it('names every folder directly under lib/ and app/v1/ in "Where things go"', () => {
    const folders = [...foldersUnder('lib'), ...foldersUnder('app/v1')];
    expect(folders.length).toBeGreaterThan(20);
    expect(unnamed(whereThingsGo, folders)).toEqual([]);
  });

  it('names every table of db/schema in "Data model"', () => {
    const tables = tablesIn('db/schema');
    expect(tables).toContain('users');
    expect(unnamed(dataModel, tables)).toEqual([]);
  });
});
