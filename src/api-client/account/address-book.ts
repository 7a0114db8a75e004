/**
 * The my-page address book's calls (spec 7 "Address book"): one address, edit, delete, default,
 * delete all, and the CSV import and export. Apart from address-items.ts, which the checkout loads:
 * a module shared with checkout islands would put these into the checkout pages' shared chunk.
 */

import type { CallOptions } from '../core/call.ts';
import { array, int, object } from '../core/guard.ts';
import { request } from '../core/http.ts';
import type { Address } from '../core/types.ts';
import { addressWire } from '../wire/address.ts';
import type { NewAddress } from './address-items.ts';

/** GET /v1/me/user-addresses/{id}: one of the member's addresses (someone else's is a 404 ApiError). */
export async function getAddressItem(id: number, opts: CallOptions = {}): Promise<Address> {
  return (await request('GET', `/v1/me/user-addresses/${id}`, { parse: addressWire, signal: opts.signal })).data;
}

/** PUT /v1/me/user-addresses/{id}: replaces the address's fields. */
export async function updateAddressItem(id: number, input: NewAddress, opts: CallOptions = {}): Promise<Address> {
  return (await request('PUT', `/v1/me/user-addresses/${id}`, { body: input, parse: addressWire, signal: opts.signal })).data;
}

/** DELETE /v1/me/user-addresses/{id}. */
export async function deleteAddressItem(id: number, opts: CallOptions = {}): Promise<void> {
  await request('DELETE', `/v1/me/user-addresses/${id}`, { signal: opts.signal });
}

/** PATCH /v1/me/user-addresses/{id}/use: makes the address the default. */
export async function useAddressItem(id: number, opts: CallOptions = {}): Promise<Address> {
  return (await request('PATCH', `/v1/me/user-addresses/${id}/use`, { parse: addressWire, signal: opts.signal })).data;
}

/** DELETE /v1/me/user-addresses-all: every address of the member. */
export async function deleteAllAddressItems(opts: CallOptions = {}): Promise<void> {
  await request('DELETE', '/v1/me/user-addresses-all', { signal: opts.signal });
}

export interface AddressImportResult {
  imported: number;
  addresses: Address[];
}
const importResultWire = /* @__PURE__ */ object({ imported: int, addresses: array(addressWire) });

/**
 * POST /v1/me/user-addresses/import (multipart, field `file`). A refused file rejects with an ApiError
 * whose `errors` are keyed `file`, `line_{n}` or `line_{n}.{field}` (see addressImportErrors).
 */
export async function importAddressCsv(file: File, opts: CallOptions = {}): Promise<AddressImportResult> {
  const body = new FormData();
  body.append('file', file);
  return (await request('POST', '/v1/me/user-addresses/import', { body, parse: importResultWire, signal: opts.signal, timeoutMs: 60_000 }))
    .data;
}

/** One problem of a refused import: the file line (null for the file as a whole) and the message. */
export interface AddressImportProblem {
  line: number | null;
  message: string;
}

/** The import's 422 `errors` as a list by line (file-wide problems first), in the order of the file. */
export function addressImportErrors(errors: Record<string, readonly string[]> | undefined): AddressImportProblem[] {
  const out: AddressImportProblem[] = [];
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const m = /^line_(\d+)(?:\.|$)/.exec(key);
    for (const message of messages) out.push({ line: m ? Number(m[1]) : null, message });
  }
  return out.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/**
 * What GET /v1/me/user-addresses/export answered (spec 8 "Address export"): a file to save, or, when
 * the answer is JSON, that the export is being prepared (its message when it sent one).
 */
export type AddressExport = { kind: 'file'; blob: Blob; filename: string } | { kind: 'pending'; message: string | null };

/** The file name of a Content-Disposition header (filename* first), or `fallback`. */
export function dispositionFilename(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* the plain name */
    }
  }
  const plain = /filename="?([^";]+)"?/.exec(header);
  return plain ? plain[1] : fallback;
}

/** Reads an export answer: JSON (blob type application/json) is "pending", anything else the file. */
export async function readAddressExport(blob: Blob, disposition: string | null): Promise<AddressExport> {
  if (/json/i.test(blob.type)) {
    let message: string | null = null;
    try {
      const body = JSON.parse(await blob.text()) as { message?: unknown };
      if (typeof body?.message === 'string') message = body.message;
    } catch {
      /* no message */
    }
    return { kind: 'pending', message };
  }
  return { kind: 'file', blob, filename: dispositionFilename(disposition, 'addresses.csv') };
}

/** GET /v1/me/user-addresses/export as a blob (spec 7 "(blob)"). */
export async function exportAddressCsv(opts: CallOptions = {}): Promise<AddressExport> {
  const res = await request<Blob>('GET', '/v1/me/user-addresses/export', { responseType: 'blob', signal: opts.signal, timeoutMs: 60_000 });
  return readAddressExport(res.data, res.headers.get('content-disposition'));
}
