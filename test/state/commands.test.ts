import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/state/commands';

describe(':command line', () => {
  it('switches tabs and quits', () => {
    expect(parseCommand('websites', 'reports')).toEqual({ kind: 'actions', actions: [{ type: 'tab/select', tab: 'websites' }] });
    expect(parseCommand(':reports', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'tab/select', tab: 'reports' }] });
    expect(parseCommand('q', 'websites')).toEqual({ kind: 'quit' });
  });

  it('sorts by a table sort key or its label, with an optional direction', () => {
    expect(parseCommand('sort domain asc', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'sort/set', sortBy: 'domain', sort: 'asc' }] });
    expect(parseCommand('sort Date generated', 'reports')).toEqual({ kind: 'actions', actions: [{ type: 'sort/set', sortBy: 'generated_at' }] });
    expect(parseCommand('sort desc', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'sort/set', sort: 'desc' }] });
    const bad = parseCommand('sort url', 'websites');
    expect(bad.kind).toBe('error');
    expect((bad as { message: string }).message).toMatch(/Sort by must be one of/);
  });

  it('sets per page and page from the table’s allowed values', () => {
    expect(parseCommand('per 50', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'perPage/set', perPage: 50 }] });
    expect(parseCommand('per 30', 'websites').kind).toBe('error');
    expect(parseCommand('page 3', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'page/set', page: 3 }] });
    expect(parseCommand('page x', 'websites').kind).toBe('error');
  });

  it('sets search, result and project filters', () => {
    expect(parseCommand('search shop', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'search/set', text: 'shop' }] });
    expect(parseCommand('result Decent', 'reports')).toEqual({ kind: 'actions', actions: [{ type: 'result/set', result: 'decent' }] });
    expect(parseCommand('result all', 'reports')).toEqual({ kind: 'actions', actions: [{ type: 'result/set', result: undefined }] });
    expect(parseCommand('result good', 'websites').kind).toBe('error');
    expect(parseCommand('project a.example.com', 'reports')).toEqual({ kind: 'actions', actions: [{ type: 'project/set', project: 'a.example.com' }] });
  });

  it('names the commands on an unknown one', () => {
    const r = parseCommand('frobnicate', 'websites');
    expect(r).toMatchObject({ kind: 'error', message: expect.stringContaining(':sort FIELD') });
  });
});
