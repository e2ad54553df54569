import type { ActivityEntry } from "@/shared/admin";
import { ActivityList } from "./activity-list";
import { useAdminList } from "./api";
import { KeysetList, PanelSection } from "./list-controls";

/** Spec screen 10, Activity tab: the newest 20 admin actions, older ones behind "Load more". */
export function ActivityPanel() {
  const list = useAdminList<ActivityEntry>("activity", "/api/admin/activity-logs", {});
  return (
    <PanelSection
      id="activity-heading"
      title="Activity Log"
      description="Every admin decision, newest first, with the values before and after."
    >
      <KeysetList list={list} what="The activity log" empty="No admin activity yet.">
        {(items) => <ActivityList entries={items} />}
      </KeysetList>
    </PanelSection>
  );
}
