import assert from 'node:assert/strict';
import { common, type OperationSpec } from '../../nodes/shared/catalogue';
import type { Auth0Response } from '../../nodes/shared/http-types';
import { fetchAllPages, nextFromLinkHeader, type PagingSummary } from '../../nodes/engine/paging';

const response = (data: unknown, headers: Record<string, string> = {}): Auth0Response => ({ statusCode: 200, headers, data, rateLimit: {} });
const summary = (): PagingSummary => ({ mode: 'page', pages: 0, items: 0, truncated: false });

async function collect(
  op: OperationSpec,
  values: Record<string, unknown>,
  fetch: (v: Record<string, unknown>) => Promise<Auth0Response>,
  s: PagingSummary,
): Promise<unknown[]> {
  const items: unknown[] = [];
  for await (const page of fetchAllPages(op, values, fetch, s)) items.push(...page.items);
  return items;
}

describe('paging', () => {
  const pageOp: OperationSpec = {
    id: 'list',
    label: 'l',
    description: 'd',
    method: 'GET',
    path: '/x',
    inputs: [common.page(0), common.perPage(25), common.includeTotals(true)],
    paging: ['page'],
    itemsKey: 'users',
  };

  it('fetches every page until the total is reached, 100 at a time', async () => {
    const all = Array.from({ length: 250 }, (_, i) => i);
    const asked: Record<string, unknown>[] = [];
    const s = summary();
    const items = await collect(
      pageOp,
      { page: 0, per_page: 25, include_totals: true },
      async (v) => {
        asked.push(v);
        const page = Number(v.page);
        return response({ start: page * 100, limit: 100, total: 250, users: all.slice(page * 100, page * 100 + 100) });
      },
      s,
    );
    assert.deepEqual(items, all);
    assert.deepEqual(
      asked.map((v) => [v.page, v.per_page, v.include_totals]),
      [
        [0, 100, true],
        [1, 100, true],
        [2, 100, true],
      ],
    );
    assert.equal(s.pages, 3);
    assert.equal(s.truncated, false);
  });

  it('stops at the 1,000-result cap and says so', async () => {
    const s = summary();
    const items = await collect(pageOp, {}, async (v) => response({ total: 5000, users: Array.from({ length: 100 }, (_, i) => Number(v.page) * 100 + i) }), s);
    assert.equal(items.length, 1000);
    assert.equal(s.truncated, true);
    assert.equal(s.total, 5000);
  });

  it('follows checkpoints by the next field or the Link header, without page inputs', async () => {
    const cpOp: OperationSpec = { ...pageOp, inputs: [...pageOp.inputs, common.fromParam(), common.take()], paging: ['page', 'checkpoint'] };
    const asked: Record<string, unknown>[] = [];
    const items = await collect(
      cpOp,
      { page: 0, per_page: 25, include_totals: true },
      async (v) => {
        asked.push(v);
        if (v.from_param === undefined) return response({ users: Array.from({ length: 100 }, (_, i) => i), next: 'c1' });
        if (v.from_param === 'c1')
          return response(
            Array.from({ length: 100 }, (_, i) => 100 + i),
            { link: '<https://t/api/v2/logs?from=c2&take=100>; rel="next"' },
          );
        return response([200, 201]);
      },
      summary(),
    );
    assert.equal(items.length, 202);
    assert.deepEqual(
      asked.map((v) => [v.from_param, v.take, v.page]),
      [
        [undefined, 100, undefined],
        ['c1', 100, undefined],
        ['c2', 100, undefined],
      ],
    );
  });

  it('uses page paging when a search asks for it', async () => {
    const cpOp: OperationSpec = {
      ...pageOp,
      inputs: [...pageOp.inputs, common.fromParam(), common.take(), { name: 'q', in: 'query', type: 'string', description: 'q' }],
      paging: ['page', 'checkpoint'],
    };
    const s = summary();
    await collect(cpOp, { q: 'type:f' }, async () => response({ users: [1] }), s);
    assert.equal(s.mode, 'page');
  });

  it('reads the next cursor from a Link header', () => {
    assert.equal(nextFromLinkHeader('<https://t/api/v2/logs?from=90&take=100>; rel="next"'), '90');
    assert.equal(nextFromLinkHeader('<https://t/x?page=2>; rel="prev"'), undefined);
    assert.equal(nextFromLinkHeader(undefined), undefined);
  });
});
