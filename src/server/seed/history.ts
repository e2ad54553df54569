// The demo's past (decision 103): the seed acts through the product's own services, which stamp every
// row with the present, and then moves what one step of the story wrote back to the day it happened.
// Every column that records when something happened is shifted; columns that point at the future
// (a subscription's period end, an email's next attempt) are not.
import { sql } from "drizzle-orm";
import { DELETED_EMAIL_DOMAIN } from "@/shared/account";
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

const SENT_QUOTES_WITH_LEADS = "quotes q join leads l on l.id = q.lead_id where q.status <> 'withdrawn'";

const DELETED = `like '%@${DELETED_EMAIL_DOMAIN}'`;

/** Each daily figure the triggers of migration 0012 keep: its value, from which rows, on which day. */
const DAILY_FIGURES: { name: string; value: string; day: string; rows: string }[] = [
  // Sign-ups and registrations of accounts not deleted (migration 0019).
  {
    name: "clients",
    value: "count(*)",
    day: "created_at",
    rows: `users where user_type <> 'admin' and email not ${DELETED}`,
  },
  {
    name: "providers",
    value: "count(*)",
    day: "created_at",
    rows: `companies c where not exists (select 1 from users u where u.id = c.user_id and u.email ${DELETED})`,
  },
  { name: "requests", value: "count(*)", day: "created_at", rows: "quote_requests" },
  { name: "quotes", value: "count(*)", day: "created_at", rows: "quotes where status <> 'withdrawn'" },
  { name: "responses", value: "count(*)", day: "q.created_at", rows: SENT_QUOTES_WITH_LEADS },
  {
    name: "response_seconds",
    value: "coalesce(sum(round(extract(epoch from q.created_at - l.created_at))), 0)::bigint",
    day: "q.created_at",
    rows: SENT_QUOTES_WITH_LEADS,
  },
];

/**
 * The admin's daily figures are written by triggers on insert, with the insert's time (migration
 * 0012); after the history moved, they are counted again from the rows, by the triggers' rules.
 */
export async function recountDailyFigures(db: Db): Promise<void> {
  await db.execute(sql`delete from admin_daily`);
  const selects = DAILY_FIGURES.map(
    (f) => `select (${f.day} at time zone 'UTC')::date, '${f.name}', 0, ${f.value} from ${f.rows} group by 1`,
  );
  await db.execute(sql.raw(`insert into admin_daily (day, name, shard, n) ${selects.join(" union all ")}`));
}
