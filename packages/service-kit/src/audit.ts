import type { Knex } from 'knex';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, type AuditEntry, type Page } from '@shop/api-types';
import type { AccessRoutes } from './access/access-routes';
import type { AuthContext, AuthState } from './auth/guards';
import { parseParams } from './validation';
import { sqlTimestamp, toIso } from './time';

/**
 * Every service that lets staff change data keeps its own audit table (a service never writes
 * another's tables, and services may share one MySQL database, so the table is named after the
 * service): who, what and when, written in the same transaction as the change itself. The table
 * is made by each service's own migration (9001_<service>_audit_log).
 */
export interface AuditRecord {
  action: string;
  entity: string;
  entityId: number | null;
  summary: string;
}

interface AuditRow {
  id: number;
  actor_id: number;
  actor_name: string;
  action: string;
  entity: string;
  entity_id: number | null;
  summary: string;
  created_at: Date | string;
}

const pageQuery = z.object({ page: z.coerce.number().int().positive().max(100000).default(1) });

export interface AuditLog {
  table: string;
  record(db: Knex | Knex.Transaction, actor: AuthContext, record: AuditRecord): Promise<void>;
  /** GET /api/admin/audit/{service}: newest first, 15 a page (staff only). */
  routes(db: Knex, routes: AccessRoutes<AuthState>): void;
}

export function auditLog(service: string): AuditLog {
  const table = `${service}_audit_log`;
  return {
    table,
    async record(db, actor, record) {
      await db(table).insert({
        actor_id: actor.accountId,
        actor_name: `${actor.firstName} ${actor.lastName}`.trim().slice(0, 130),
        action: record.action,
        entity: record.entity,
        entity_id: record.entityId,
        summary: record.summary.slice(0, 500),
        created_at: sqlTimestamp(),
      });
    },
    routes(db, routes) {
      routes.under('').get(`/api/admin/audit/${service}`, async (ctx) => {
        const { page } = parseParams(pageQuery, ctx.query);
        const [{ total }] = (await db(table).count<{ total: number | string }[]>({ total: '*' })) as [{ total: number | string }];
        const rows: AuditRow[] = await db(table)
          .orderBy('id', 'desc')
          .limit(ADMIN_PAGE_SIZE)
          .offset((page - 1) * ADMIN_PAGE_SIZE);
        const count = Number(total);
        const answer: Page<AuditEntry> = {
          current_page: page,
          last_page: Math.max(1, Math.ceil(count / ADMIN_PAGE_SIZE)),
          per_page: ADMIN_PAGE_SIZE,
          total: count,
          data: rows.map((row) => ({
            id: row.id,
            actor: { id: row.actor_id, name: row.actor_name },
            action: row.action,
            entity: row.entity,
            entity_id: row.entity_id,
            summary: row.summary,
            created_at: toIso(row.created_at) ?? '',
          })),
        };
        ctx.body = answer;
      });
    },
  };
}
