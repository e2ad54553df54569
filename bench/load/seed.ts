// The cast of `npm run load`, seeded in SQL in a few statements: 2,000 clients, 300 approved and
// subscribed providers and an admin, each with a session of its own (the token kept here, its hash in
// the database, as a sign-in would store it), and the history a marketplace in use has: the first
// 1,000 clients each have a matched request with three leads, two of them quoted.
import { createHash, randomBytes } from "node:crypto";
import type pg from "pg";
import { quoteRequestBody } from "../../src/server/test/fixtures";
import { INDUSTRIES } from "../../src/shared/quote-request-options";
import { PROVIDER_SPECIALTIES } from "../../src/shared/specialties";

export type Person = {
  id: number;
  email: string;
  /** A session of its own for its live stream and its calls (its sign-in makes another). */
  cookie: string;
  /** Its address, as the proxy in front tells the app (X-Forwarded-For). */
  ip: string;
};

export type Cast = { clients: Person[]; providers: Person[]; admin: Person; slugs: string[] };

export const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 2000);
export const PROVIDERS = Number(process.env.LOAD_PROVIDERS ?? 300);
/** The clients (the first ones) who already have a matched request, with leads and quotes. */
export const CLIENTS_WITH_HISTORY = Math.floor(CLIENTS / 2);

const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export async function seedCast(c: pg.Client, passwordHash: string): Promise<Cast> {
  await c.query(
    `insert into users (email, password_hash, first_name, last_name, user_type, email_verified_at)
     select 'load-client-' || g || '@example.com', $1, 'Client', 'Number ' || g, 'client', now()
     from generate_series(1, $2::int) g`,
    [passwordHash, CLIENTS],
  );
  await c.query(
    `insert into users (email, password_hash, first_name, last_name, user_type, email_verified_at)
     select 'load-provider-' || g || '@example.com', $1, 'Provider', 'Number ' || g, 'provider', now()
     from generate_series(1, $2::int) g`,
    [passwordHash, PROVIDERS],
  );
  await c.query(
    `insert into users (email, password_hash, first_name, last_name, user_type, email_verified_at)
     values ('load-admin@example.com', $1, 'Load', 'Admin', 'admin', now())`,
    [passwordHash],
  );
  // Providers with a spread of industries, sizes, countries and specialties, as the directory shows them.
  await c.query(
    `insert into companies (user_id, name, description, industry, location, country, size, specialties, status)
     select u.id, 'Load Automation ' || u.id, 'An automation provider made by the load test, with case studies and reviews to come.',
       (array['automation','consulting','software','integration','ai'])[1 + u.id % 5]::provider_industry,
       'Austin, TX', case when u.id % 7 = 0 then 'DE' else 'US' end,
       (array['startup','small','medium','large','enterprise'])[1 + u.id % 5]::company_size,
       array(select s from unnest($1::text[]) with ordinality t(s, i) where ((u.id * 2654435761) >> i::int) % 3 = 0),
       'approved'
     from users u where u.user_type = 'provider'`,
    [PROVIDER_SPECIALTIES],
  );
  await c.query(
    `insert into subscriptions (user_id, provider, customer_id, external_id, status)
     select user_id, 'demo', 'cus_load_' || user_id, 'sub_load_' || user_id, 'active' from companies`,
  );
  // History: a matched request for each of the first clients, three leads on it, two of them quoted.
  await c.query(
    `insert into quote_requests (client_id, title, description, industry, automation_types, budget_range, timeline,
                                 requirements, status, match_due_at, is_complex, roi_hours_per_year, created_at)
     select u.id, 'Invoice processing ' || u.id, 'We key supplier invoices from PDF into SAP by hand.',
            ($1::text[])[1 + u.id % array_length($1::text[], 1)], array['Save time'], '$15k-$30k', '1-3months',
            $3::jsonb, 'matched', now(), false, 400, now() - (u.id % 600) * interval '1 hour'
     from users u where u.user_type = 'client' and u.email ~ '^load-client-[0-9]+@' and
          substring(u.email from 'load-client-([0-9]+)@')::int <= $2`,
    [INDUSTRIES, CLIENTS_WITH_HISTORY, JSON.stringify(quoteRequestBody().requirements)],
  );
  await c.query(`
    insert into leads (quote_request_id, company_id, match_score, score_parts, status, created_at)
    select r.id, co.id, 80 - k * 5, '[]'::jsonb, case when k < 2 then 'quoted' else 'new' end::lead_status, r.created_at
    from quote_requests r
    cross join generate_series(0, 2) k
    join lateral (select id from companies order by id offset ((r.id * 7 + k * 101) % (select count(*) from companies)) limit 1) co on true`);
  await c.query(`
    insert into quotes (lead_id, company_id, quote_request_id, amount_cents, timeline, message, created_at, updated_at)
    select l.id, l.company_id, l.quote_request_id, 2000000 + l.id % 7 * 100000, '6 weeks',
           'We would build an unattended bot that reads each invoice and keys it into SAP.', l.created_at, l.created_at
    from leads l where l.status = 'quoted'`);

  const people = await c.query<{ id: number; email: string; user_type: string }>(
    "select id, email, user_type from users order by id",
  );
  const tokens = people.rows.map(() => randomBytes(32).toString("base64url"));
  await c.query(
    `insert into sessions (id, user_id, expires_at, last_seen_at, user_agent)
     select s.id, s.user_id, now() + interval '30 days', now(), 'Load test'
     from unnest($1::text[], $2::int[]) as s(id, user_id)`,
    [tokens.map((t) => createHash("sha256").update(t).digest("hex")), people.rows.map((p) => p.id)],
  );
  await c.query("vacuum analyze");

  const person = (i: number): Person => {
    const row = people.rows[i];
    if (!row) throw new Error(`no person ${i}`);
    return { id: row.id, email: row.email, cookie: `sid=${tokens[i]}`, ip: addressOf(i + 1) };
  };
  const all = people.rows.map((_, i) => person(i));
  const ofType = (type: string) => all.filter((_, i) => people.rows[i]?.user_type === type);
  const admin = ofType("admin")[0];
  if (!admin) throw new Error("no admin");
  const slugs = await c.query<{ slug: string }>("select slug from companies order by id");
  return { clients: ofType("client"), providers: ofType("provider"), admin, slugs: slugs.rows.map((r) => r.slug) };
}
