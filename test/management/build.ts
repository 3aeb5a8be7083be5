/** Builds a table case's request the way the action node does: defaults and coercion, then the builder. */
import assert from 'node:assert/strict';
import type { OperationSpec } from '../../nodes/shared/catalogue';
import type { MultipartBody, RequestSpec } from '../../nodes/shared/http-types';
import { resolveValues } from '../../nodes/engine/inputs';
import { buildRequest } from '../../nodes/engine/request';
import { CUSTOM_DOMAIN, type RequestCase } from './cases';

export function findOp(c: RequestCase): OperationSpec {
  const op = c.group.operations.find((o) => o.id === c.op);
  if (!op) throw new Error(`${c.group.name} has no operation ${c.op}`);
  return op;
}

export function buildCase(c: RequestCase, customDomain: string | null = CUSTOM_DOMAIN): RequestSpec {
  const op = findOp(c);
  return buildRequest(c.group, op, resolveValues(op, c.values), customDomain ? { customDomain } : {});
}

/** A multipart body as { fields, files: { field: parsed JSON content } }, the way the table writes it. */
export function readableBody(spec: RequestSpec): unknown {
  if (spec.contentType !== 'multipart') return spec.body;
  const body = spec.body as MultipartBody;
  const files: Record<string, unknown> = {};
  for (const file of body.files) {
    assert.equal(file.contentType, 'application/json', `part ${file.field} content type`);
    files[file.field] = JSON.parse(file.data.toString('utf8'));
  }
  return { fields: body.fields, files };
}
