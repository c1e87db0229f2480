import type { Scheduling } from '@carta/contract/entities';
import type { SaveSchedulingsRequest } from '@carta/contract/tables';

/** A scheduling rule as the owner edits it: the times stay while "all day" is on, for when it goes off. */
export type RuleDraft = {
  key: string;
  id?: number;
  days: number[];
  isAllDay: boolean;
  startTime: string;
  endTime: string;
  tableZone: number | null;
};

/** A key for React: rules not saved yet have no id. */
const newKey = () => `rule-${Math.random().toString(36).slice(2)}`;

/** A saved rule to edit, or a new one: weekdays at lunch, every zone. */
export const draftOf = (rule?: Scheduling): RuleDraft => ({
  key: newKey(),
  ...(rule ? { id: rule.id } : {}),
  days: rule?.days ?? [1, 2, 3, 4, 5],
  isAllDay: rule ? rule.startTime === null : false,
  startTime: rule?.startTime ?? '12:00',
  endTime: rule?.endTime ?? '15:00',
  tableZone: rule?.tableZone ?? null,
});

/** The rule's hours as saved: none for all day. */
export const timedRuleOf = (rule: RuleDraft) => ({
  days: rule.days,
  startTime: rule.isAllDay ? null : rule.startTime,
  endTime: rule.isAllDay ? null : rule.endTime,
  tableZone: rule.tableZone,
});

export const requestOf = (drafts: RuleDraft[]): SaveSchedulingsRequest => ({
  schedulings: drafts.map((draft) => ({ ...(draft.id ? { id: draft.id } : {}), ...timedRuleOf(draft) })),
});

/**
 * The request check's issues by rule (its key) and field, for each rule card to show under its field.
 * The paths are the client-side check's (`['schedulings', index, field]`), not the server's `body.` ones,
 * so `formPathOf` has nothing to do here.
 */
export const issuesByRule = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  rules: readonly Pick<RuleDraft, 'key'>[],
  translate: (message: string) => string,
) => {
  const byRule: Record<string, Record<string, string>> = {};
  for (const issue of issues) {
    const [, index, field] = issue.path;
    const key = typeof index === 'number' ? rules[index]?.key : undefined;
    if (key) byRule[key] = { ...byRule[key], [String(field)]: translate(issue.message) };
  }
  return byRule;
};
