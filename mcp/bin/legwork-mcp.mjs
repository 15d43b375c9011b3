#!/usr/bin/env node
// The `legwork-mcp` bin: runs mcp/stdio.ts through tsx (a dependency of this repository), with the repository's
// tsconfig so its `@/` imports resolve whatever directory the MCP client starts it from.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });
await import('../stdio.ts');
