// The demo marketplace's recent past (decision 103): clients' requests, oldest first, each told as
// what happened to it, day by day. The seed plays every step through the product's services, so that
// leads, scores, quotes, notifications, alerts and activity are the ones the product itself makes.
import { CLOSED_STORIES } from "./closed-stories";
import { HIRED_STORIES } from "./hired-stories";
import { OPEN_STORIES } from "./open-stories";
import type { DemoStory } from "./story-cast";

/** Every story, oldest first: the order the seed creates their requests in. */
export const DEMO_STORIES: DemoStory[] = [...HIRED_STORIES, ...CLOSED_STORIES, ...OPEN_STORIES].sort(
  (x, y) => y.daysAgo - x.daysAgo,
);
