/** The door of the customers area's services: search, one customer's detail, point adjustment, unlock. */

export { customerDetail } from './detail.ts';
export { adjustmentReason, adjustPoints } from './points.ts';
export { searchCustomers } from './search.ts';
export { unlockCustomer } from './unlock.ts';
