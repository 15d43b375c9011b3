import { describe, expect, it } from 'vitest';
import { RouteTable } from './route-table';

const table = new RouteTable<string>(['GET', 'POST', 'DELETE']);
table.add('GET', '/v1/tasks', 'listTasks');
table.add('POST', '/v1/tasks', 'createTask');
table.add('GET', '/v1/tasks/{id}', 'getTask');
table.add('POST', '/v1/tasks/propose', 'proposeTask');
table.add('GET', '/v1/tasks/{id}/messages', 'listMessages');
table.add('DELETE', '/v1/operators/me/keys/{keyId}', 'revokeKey');

describe('RouteTable', () => {
  it('matches literal segments and captures decoded parameters', () => {
    expect(table.match('GET', '/v1/tasks')).toEqual({ kind: 'found', handler: 'listTasks', params: {} });
    expect(table.match('GET', '/v1/tasks/a%20b')).toEqual({ kind: 'found', handler: 'getTask', params: { id: 'a b' } });
    expect(table.match('DELETE', '/v1/operators/me/keys/k1')).toMatchObject({ params: { keyId: 'k1' } });
  });

  it('prefers a literal segment to a parameter, and backtracks to the parameter when the literal leads nowhere', () => {
    expect(table.match('POST', '/v1/tasks/propose')).toMatchObject({ handler: 'proposeTask' });
    expect(table.match('GET', '/v1/tasks/propose')).toEqual({ kind: 'method-not-allowed', allow: ['POST'] });
    expect(table.match('GET', '/v1/tasks/propose/messages')).toEqual({
      kind: 'found',
      handler: 'listMessages',
      params: { id: 'propose' },
    });
  });

  it('answers 405 with the methods in the given order, and not found for paths without handlers', () => {
    expect(table.match('DELETE', '/v1/tasks')).toEqual({ kind: 'method-not-allowed', allow: ['GET', 'POST'] });
    expect(table.match('GET', '/v1')).toEqual({ kind: 'not-found' });
    expect(table.match('GET', '/v1/tasks/x/nope')).toEqual({ kind: 'not-found' });
    expect(table.match('GET', '/v1/operators/me/keys')).toEqual({ kind: 'not-found' });
  });

  it('throws on a malformed escape in a parameter, and refuses two handlers or two names for one slot', () => {
    expect(() => table.match('GET', '/v1/tasks/%E0%A4%A')).toThrow(URIError);
    expect(() => table.add('GET', '/v1/tasks/{id}', 'again')).toThrow(/routed twice/);
    expect(() => table.add('GET', '/v1/tasks/{taskId}/x', 'other')).toThrow(/another route names this segment/);
  });
});
