// The pipeline's stages (decision 133), counted in one statement over a set of leads: a provider's
// (Analytics page) or those delivered lately (the admin's). Kept apart from service.ts so that the
// admin feature can read the same figures without importing the quotes service.
import { type SQL, sql } from "drizzle-orm";
import type { PipelineStages } from "@/shared/pipeline";
import { type Db, executedRows } from "../../db/client";

/**
 * `where` filters `leads l`. A lead has at most one quote that is not withdrawn (the partial unique
 * index), so the join does not multiply leads; the messages are looked up through their (lead_id, id)
 * index, once per lead.
 */
export async function countPipelineStages(db: Db, where: SQL): Promise<PipelineStages> {
  const [row = {}] = executedRows(
    await db.execute(sql`
      select
        count(*)::int as leads,
        count(*) filter (where q.id is not null
          or exists (select 1 from lead_messages m where m.lead_id = l.id))::int as contacted,
        count(q.id)::int as quoted,
        count(*) filter (where q.id is not null
          and exists (select 1 from lead_messages m where m.lead_id = l.id and m.created_at > q.created_at))::int as negotiating,
        count(*) filter (where q.status = 'accepted')::int as won,
        count(*) filter (where q.status = 'declined')::int as lost,
        count(*) filter (where l.status = 'declined')::int as declined
      from leads l
      left join quotes q on q.lead_id = l.id and q.status <> 'withdrawn'
      where ${where}`),
  );
  const n = (k: string) => Number(row[k] ?? 0);
  return {
    leads: n("leads"),
    contacted: n("contacted"),
    quoted: n("quoted"),
    negotiating: n("negotiating"),
    won: n("won"),
    lost: n("lost"),
    declined: n("declined"),
  };
}

export const EMPTY_STAGES: PipelineStages = {
  leads: 0,
  contacted: 0,
  quoted: 0,
  negotiating: 0,
  won: 0,
  lost: 0,
  declined: 0,
};
