/**
 * The staff's orders (the admin API's orders area): the list with search, filters and sorting
 * (list.ts, filters.ts), one order's detail (detail.ts), the CSV export in the shipping companies'
 * layouts (export.ts). The actions on an order live in actions/ (their own door).
 */

export { adminOrderDetail } from './detail.ts';
export { type CsvFile, exportOrdersCsv } from './export.ts';
export { listAdminOrders } from './list.ts';
