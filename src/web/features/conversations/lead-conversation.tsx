// The provider's side of a lead's conversation, on the lead's page: "Conversation with <client>".
import { MessageSquare } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { useConversation } from "./api";
import { ConversationThread, type ReportDialogSlot } from "./conversation-thread";
import { conversationAnchor } from "./thread-model";

export function LeadConversation({ leadId, reportDialog }: { leadId: number; reportDialog: ReportDialogSlot }) {
  const name = useConversation(leadId).data?.counterpartName;
  const ref = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const anchor = conversationAnchor(leadId);
  // A notification's link names the thread: the page opens on it.
  useEffect(() => {
    if (hash === `#${anchor}`) ref.current?.scrollIntoView({ block: "start" });
  }, [hash, anchor]);
  return (
    <div id={anchor} ref={ref} className="scroll-mt-4">
      <Card data-testid="lead-conversation">
        <CardHeader className="pb-3">
          <CardTitle as="h2" className="flex items-center gap-2 text-base">
            <MessageSquare className="h-4 w-4 text-slate-500" aria-hidden="true" />
            {name ? `Conversation with ${name}` : "Conversation with the client"}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ConversationThread
            leadId={leadId}
            emptyText="Ask the client a question before you quote: what systems they use, volumes, deadlines."
            reportDialog={reportDialog}
          />
        </CardContent>
      </Card>
    </div>
  );
}
