/** Address book handlers: the signed-in member's addresses, their CSV import and export. */

import { ADDRESS_LIMIT } from '#contracts/addresses.ts';
import { LIMIT_HEADER } from '#contracts/common.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, limited, noContent, ok } from '../../lib/respond.ts';
import { addressesToCsv } from '../../services/user-addresses/csv.ts';
import {
  createAddress,
  deleteAddress,
  deleteAllAddresses,
  getAddress,
  importAddresses,
  importRefused,
  listAddresses,
  updateAddress,
  useAddress,
} from '../../services/user-addresses/index.ts';
import type * as routes from './routes.ts';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  limited(c, await listAddresses(c.get('db'), c.get('user')!.id), ADDRESS_LIMIT);

export const getOne: AppRouteHandler<typeof routes.getOne> = async (c) =>
  ok(c, await getAddress(c.get('db'), c.get('user')!.id, c.req.valid('param').id));

export const create: AppRouteHandler<typeof routes.create> = async (c) =>
  created(c, await createAddress(c.get('db'), c.get('user')!.id, c.req.valid('json')));

export const update: AppRouteHandler<typeof routes.update> = async (c) =>
  ok(c, await updateAddress(c.get('db'), c.get('user')!.id, c.req.valid('param').id, c.req.valid('json')));

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => {
  await deleteAddress(c.get('db'), c.get('user')!.id, c.req.valid('param').id);
  return noContent(c);
};

export const use: AppRouteHandler<typeof routes.use> = async (c) =>
  ok(c, await useAddress(c.get('db'), c.get('user')!.id, c.req.valid('param').id));

export const removeAll: AppRouteHandler<typeof routes.removeAll> = async (c) => {
  await deleteAllAddresses(c.get('db'), c.get('user')!.id);
  return noContent(c);
};

const NO_FILE = 'CSVファイルを選択してください。';

/** The uploaded file's bytes: a multipart body with a file under `file`, else a 422 on `file`. */
async function uploadedFile(c: Parameters<AppRouteHandler<typeof routes.importCsv>>[0]): Promise<Uint8Array> {
  if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) throw importRefused({ file: [NO_FILE] });
  let form: FormData | null = null;
  try {
    form = await c.req.formData();
  } catch {
    /* not a readable form: as without the file */
  }
  const file = form?.get('file');
  if (!file || typeof file === 'string') throw importRefused({ file: [NO_FILE] });
  if (!/\.csv$/i.test(file.name)) throw importRefused({ file: ['CSVファイル（拡張子 .csv）を選択してください。'] });
  return new Uint8Array(await file.arrayBuffer());
}

export const importCsv: AppRouteHandler<typeof routes.importCsv> = async (c) => {
  const result = await importAddresses(c.get('db'), c.get('user')!.id, await uploadedFile(c));
  c.header(LIMIT_HEADER, String(ADDRESS_LIMIT));
  return c.json(result, 201);
};

/** YYYYMMDD in Japan time, for the file name. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');

export const exportCsv: AppRouteHandler<typeof routes.exportCsv> = async (c) => {
  const bytes = addressesToCsv(await listAddresses(c.get('db'), c.get('user')!.id));
  const name = `addresses-${today()}.csv`;
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(`お届け先_${today()}.csv`)}`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(bytes as unknown as ArrayBuffer, 200);
};
