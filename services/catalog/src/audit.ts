import { auditLog } from '@shop/service-kit';

/** The catalog service's audit log: staff changes, who and when. */
export const audit = auditLog('catalog');
