// The demo's past (decision 103): the seed acts through the product's own services, which stamp every
// row with the present, and then moves what one step of the story wrote back to the day it happened.
// Every column that records when something happened is shifted; columns that point at the future
// (a subscription's period end, an email's next attempt) are not.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** Each table's columns that record an event, as stored. */
const EVENT_COLUMNS: Record<string, string[]> = {
  users: ["created_at", "updated_at"],
  companies: ["created_at", "updated_at", "reviewed_at"],
  quote_requests: ["updated_at"],
  leads: [
    "created_at",
    "updated_at",
    "viewed_at",
    "declined_at",
    "last_message_at",
    "client_emailed_at",
    "provider_emailed_at",
  ],
  lead_messages: ["created_at"],
  quotes: ["created_at", "updated_at", "decided_at"],
  notifications: ["created_at", "read_at"],
  alerts: ["created_at", "resolved_at"],
  activity_logs: ["created_at"],
  reviews: ["created_at", "updated_at", "replied_at"],
};

/**
 * Moves every event written at or after `since` back by `daysAgo` days. A step's rows all carry times
 * after `since`, earlier steps' rows were moved before it already, so each step is moved once.
 */
export async function backdate(db: Db, since: Date, daysAgo: number): Promise<void> {
  const shift = sql.raw(`interval '${Math.round(daysAgo * 86_400)} seconds'`);
  const from = since.toISOString();
  // A request's promised match moves with its submission.
  await db.execute(sql`
    update quote_requests set created_at = created_at - ${shift}, match_due_at = match_due_at - ${shift}
    where created_at >= ${from}::timestamptz`);
  for (const [table, columns] of Object.entries(EVENT_COLUMNS)) {
    for (const column of columns) {
      const c = sql.identifier(column);
      await db.execute(
        sql`update ${sql.identifier(table)} set ${c} = ${c} - ${shift} where ${c} >= ${from}::timestamptz`,
      );
    }
  }
}

/** Notifications about what happened more than `days` days ago count as read, as they would be. */
export async function markOldNotificationsRead(db: Db, days: number): Promise<void> {
  await db.execute(sql`
    update notifications set read_at = created_at + interval '2 hours'
    where read_at is null and created_at < now() - ${sql.raw(`interval '${days} days'`)}`);
}

/**
 * The admin's daily figures are written by triggers on insert, with the insert's time (migration
 * 0012); after the history moved, they are counted again from the rows, by the triggers' rules.
 */
export async function recountDailyFigures(db: Db): Promise<void> {
  await db.execute(sql`delete from admin_daily`);
  await db.execute(sql`
    insert into admin_daily (day, name, shard, n)
      select (created_at at time zone 'UTC')::date, 'clients', 0, count(*) from users where user_type = 'client' group by 1
      union all select (created_at at time zone 'UTC')::date, 'providers', 0, count(*) from companies group by 1
      union all select (created_at at time zone 'UTC')::date, 'requests', 0, count(*) from quote_requests group by 1
      union all select (created_at at time zone 'UTC')::date, 'quotes', 0, count(*) from quotes where status <> 'withdrawn' group by 1
      union all select (q.created_at at time zone 'UTC')::date, 'responses', 0, count(*)
        from quotes q join leads l on l.id = q.lead_id where q.status <> 'withdrawn' group by 1
      union all select (q.created_at at time zone 'UTC')::date, 'response_seconds', 0,
          coalesce(sum(round(extract(epoch from q.created_at - l.created_at))), 0)::bigint
        from quotes q join leads l on l.id = q.lead_id where q.status <> 'withdrawn' group by 1`);
}
