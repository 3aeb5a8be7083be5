/**
 * Every management operation (except the users group) builds exactly the Auth0 request the table
 * in cases/ expects: method, encoded path, query, body and the custom-domain header.
 */
import assert from 'node:assert/strict';
import { resolveValues } from '../../nodes/engine/inputs';
import { buildCase, readableBody } from './build';
import { CASES, CUSTOM_DOMAIN, GROUPS } from './cases';

describe('management request shapes', () => {
  it('has at least one case for every operation of every group', () => {
    const missing: string[] = [];
    for (const group of GROUPS) {
      for (const op of group.operations) {
        if (!CASES.some((c) => c.group === group && c.op === op.id)) missing.push(`${group.name}.${op.id}`);
      }
    }
    assert.deepEqual(missing, []);
    assert.ok(
      CASES.every((c) => c.sdk !== undefined || c.source !== undefined),
      'every case names the SDK call or its source',
    );
  });

  for (const c of CASES) {
    const label = `${c.group.name}.${c.op} ${JSON.stringify(c.values).slice(0, 80)}`;
    it(label, () => {
      const spec = buildCase(c);
      assert.equal(spec.method, c.expect.method, 'method');
      assert.equal(spec.path, c.expect.path, 'path');
      assert.deepEqual(spec.query, c.expect.query, 'query');
      assert.deepEqual(spec.queryLists, c.expect.queryLists, 'query keys repeated');
      assert.deepEqual(readableBody(spec), c.expect.body, 'body');
      if (c.expect.body === undefined) assert.equal(spec.contentType, undefined, 'no content type without a body');
      else assert.equal(spec.contentType, c.expect.body && (c.expect.body as { files?: unknown }).files ? 'multipart' : 'json');
      assert.deepEqual(spec.headers, c.expect.customDomain ? { 'Auth0-Custom-Domain': CUSTOM_DOMAIN } : undefined, 'headers');
      assert.equal(spec.auth, 'management', 'carries the management token');
      assert.equal(spec.operation, `${c.group.name}.${c.op}`);
    });
  }

  it('sends no Auth0-Custom-Domain header when no custom domain is configured', () => {
    for (const c of CASES.filter((x) => x.expect.customDomain)) {
      assert.equal(buildCase(c, null).headers, undefined, `${c.group.name}.${c.op}`);
    }
  });

  it('never lets an id change the path it goes to', () => {
    for (const c of CASES) {
      const path = buildCase(c).path;
      assert.ok(path.startsWith('/api/v2/'), path);
      assert.ok(!/[?#\s]|\/\.\.?(\/|$)/.test(path), `${c.group.name}.${c.op}: ${path}`);
    }
  });

  it('refuses a missing required input before building anything, naming it', () => {
    const required = GROUPS.flatMap((g) => g.operations.flatMap((op) => op.inputs.filter((i) => i.required).map((i) => ({ g, op, i }))));
    assert.ok(required.length > 50, 'many required inputs are covered');
    for (const { g, op, i } of required) {
      const full = CASES.find((c) => c.group === g && c.op === op.id && c.values[i.name] !== undefined);
      if (!full) continue; // the input is only given through an alias or default in the table
      const { [i.name]: _dropped, ...rest } = full.values;
      assert.throws(
        () => resolveValues(op, rest),
        (err: Error & { input?: string }) => err.name === 'InputError' && err.input === i.name,
        `${g.name}.${op.id} without ${i.name}`,
      );
    }
  });

  it("rejects values outside an input's allowed set", () => {
    const templates = GROUPS.find((g) => g.name === 'email_templates')!;
    const get = templates.operations.find((o) => o.id === 'get')!;
    assert.throws(() => resolveValues(get, { template_name: '../users' }), /template_name/);
    const rules = GROUPS.find((g) => g.name === 'rules')!;
    assert.throws(
      () =>
        resolveValues(
          rules.operations.find((o) => o.id === 'all')!,
          { stage: 'whenever' },
        ),
      /stage/,
    );
  });

  it('marks jobs get_results deprecated with a pointer to get', () => {
    const jobs = GROUPS.find((g) => g.name === 'jobs')!;
    const op = jobs.operations.find((o) => o.id === 'get_results')!;
    assert.match(op.deprecated ?? '', /use get with the job id instead/);
    assert.equal(jobs.operations.filter((o) => o.deprecated).length, 1);
  });
});
