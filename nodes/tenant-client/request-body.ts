/**
 * Request bodies on the wire: JSON, form (application/x-www-form-urlencoded) and multipart.
 * Multipart bodies become a standard FormData with Blob files; the transport encodes it with the
 * platform's own boundary and sends a Content-Length (Auth0's import endpoint wants both).
 */
import { InputError } from '../shared/errors';
import type { MultipartBody, RequestSpec } from '../shared/http-types';

export interface EncodedBody {
  data?: string | FormData;
  /** Content-Type to send; undefined for multipart (the transport adds it with the boundary). */
  contentType?: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);
}

function formValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function encodeForm(body: unknown): string {
  if (!isPlainObject(body)) throw new InputError('body', 'a form body must be an object of field names and values');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    // A list of strings is sent as repeated fields (`scope` and friends are already space-joined
    // strings); a list of objects (`authorization_details`) as one JSON array, as Auth0 reads it.
    if (Array.isArray(value) && value.some(isPlainObject)) params.append(key, JSON.stringify(value));
    else if (Array.isArray(value)) for (const item of value) params.append(key, formValue(item));
    else params.append(key, formValue(value));
  }
  return params.toString();
}

function isMultipartBody(body: unknown): body is MultipartBody {
  return isPlainObject(body) && isPlainObject(body.fields) && Array.isArray(body.files);
}

function encodeMultipart(body: unknown): FormData {
  if (!isMultipartBody(body)) throw new InputError('body', 'a multipart body must be { fields, files }');
  const form = new FormData();
  for (const [name, value] of Object.entries(body.fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, String(value));
  }
  for (const file of body.files) {
    if (!file || typeof file.field !== 'string' || !Buffer.isBuffer(file.data)) {
      throw new InputError('body', 'each multipart file needs a field name and a Buffer of data');
    }
    const blob = new Blob([file.data], { type: file.contentType || 'application/octet-stream' });
    form.append(file.field, blob, file.filename || file.field);
  }
  return form;
}

export function encodeBody(spec: Pick<RequestSpec, 'body' | 'contentType'>): EncodedBody {
  if (spec.body === undefined) return {};
  switch (spec.contentType ?? 'json') {
    case 'json':
      return { data: JSON.stringify(spec.body), contentType: 'application/json' };
    case 'form':
      return { data: encodeForm(spec.body), contentType: 'application/x-www-form-urlencoded' };
    case 'multipart':
      return { data: encodeMultipart(spec.body) };
    default:
      throw new InputError('contentType', `unknown request content type "${String(spec.contentType)}"`);
  }
}
