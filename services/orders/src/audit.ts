import { auditLog } from '@shop/service-kit';

/** The orders service's audit table (orders_audit_log): staff changes, written in the change's own transaction. */
export const audit = auditLog('orders');
