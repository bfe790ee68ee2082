import { auditLog } from '@shop/service-kit';

/** The customers service's audit log: staff changes, who and when. */
export const audit = auditLog('customers');
