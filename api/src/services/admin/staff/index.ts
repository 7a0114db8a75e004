/** The staff accounts area (role admin): reading accounts (accounts.ts) and changing them (changes.ts). */
export { getStaff, listStaff } from './accounts.ts';
export { createStaff, disableStaff, enableStaff, resetStaffPassword, unlockStaff, updateStaff } from './changes.ts';
