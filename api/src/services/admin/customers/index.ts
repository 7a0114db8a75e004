/** The door of the customers area's services: search, one customer's detail, point adjustment, unlock. */
export { searchCustomers } from './search.ts';
export { customerDetail } from './detail.ts';
export { adjustPoints, adjustmentReason } from './points.ts';
export { unlockCustomer } from './unlock.ts';
